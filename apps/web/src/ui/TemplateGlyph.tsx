import {
  contrastingInk,
  DEFAULT_TEMPLATE_ICON,
  isIconImage,
  isTemplateIcon,
  TEMPLATE_ICON_SIZE,
  TEMPLATE_ICON_STYLES,
} from "@boxyard/domain";

/**
 * A template's icon (spec 1 §3): an https:// value is an image; anything else names a built-in
 * colour icon, drawn as a tile in its colour with its mark; an unknown name draws react's.
 */
export function TemplateGlyph({
  icon,
  size = TEMPLATE_ICON_SIZE,
}: {
  icon: string | null | undefined;
  size?: number;
}) {
  if (isIconImage(icon)) {
    return <img src={icon} alt="" width={size} height={size} draggable={false} style={{ borderRadius: 4 }} />;
  }
  const { color, mark } = TEMPLATE_ICON_STYLES[icon && isTemplateIcon(icon) ? icon : DEFAULT_TEMPLATE_ICON];
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="5" fill={color} />
      <text
        x="12"
        y={mark.length > 1 ? 15.6 : 16.6}
        textAnchor="middle"
        fontSize={mark.length > 1 ? 10.5 : 13}
        fontWeight="700"
        fontFamily="Inter Variable, system-ui, sans-serif"
        fill={contrastingInk(color)}
      >
        {mark}
      </text>
    </svg>
  );
}
