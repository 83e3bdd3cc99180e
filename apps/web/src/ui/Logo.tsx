export function LogoMark({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M16 4.5 26 10v12l-10 5.5L6 22V10z"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path
        d="m6 10 10 5.5L26 10M16 15.5V27"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ size = 22, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <span
      style={{
        display: "inline-flex",
        alignItems: "center",
        gap: 8,
        fontWeight: 600,
        fontSize: 15,
        color: "var(--color-text)",
      }}
    >
      <LogoMark size={size} />
      {withName && <span>Boxyard</span>}
    </span>
  );
}
