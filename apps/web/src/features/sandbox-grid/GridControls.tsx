import { SORT_FIELDS, type SortOrder } from "@boxyard/domain";
import { Button } from "../../ui/Button.tsx";
import { CheckIcon, GridIcon, ListIcon, SortIcon } from "../../ui/Icon.tsx";
import { MenuContent, MenuItem, MenuLabel, MenuRoot, MenuSeparator, MenuTrigger } from "../../ui/Menu.tsx";
import styles from "./GridControls.module.css";
import type { ViewMode } from "./viewMode.ts";

/** The sort menu: four fields and the order (spec 1 §9). */
export function SortMenu({ value, onChange }: { value: SortOrder; onChange: (order: SortOrder) => void }) {
  const label = SORT_FIELDS.find((entry) => entry.field === value.field)?.label ?? "";
  return (
    <MenuRoot modal={false}>
      <MenuTrigger asChild>
        <Button variant="ghost" size="sm" icon={<SortIcon size={14} />} aria-label={`Sort: ${label}`}>
          {label}
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuLabel>Sort by</MenuLabel>
        {SORT_FIELDS.map((entry) => (
          <MenuItem
            key={entry.field}
            onSelect={() => onChange({ ...value, field: entry.field })}
            trailing={entry.field === value.field ? <CheckIcon size={12} /> : undefined}
          >
            {entry.label}
          </MenuItem>
        ))}
        <MenuSeparator />
        <MenuLabel>Order</MenuLabel>
        {(["asc", "desc"] as const).map((order) => (
          <MenuItem
            key={order}
            onSelect={() => onChange({ ...value, order })}
            trailing={order === value.order ? <CheckIcon size={12} /> : undefined}
          >
            {order === "asc" ? "Ascending" : "Descending"}
          </MenuItem>
        ))}
      </MenuContent>
    </MenuRoot>
  );
}

/** The grid/list toggle. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <fieldset className={styles.toggle} aria-label="View">
      <button
        type="button"
        className={styles.toggleButton}
        aria-pressed={value === "grid"}
        aria-label="Grid view"
        title="Grid view"
        onClick={() => onChange("grid")}
      >
        <GridIcon size={14} />
      </button>
      <button
        type="button"
        className={styles.toggleButton}
        aria-pressed={value === "list"}
        aria-label="List view"
        title="List view"
        onClick={() => onChange("list")}
      >
        <ListIcon size={14} />
      </button>
    </fieldset>
  );
}
