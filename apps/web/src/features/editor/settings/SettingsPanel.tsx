import { useId, useState } from "react";
import { Button } from "../../../ui/Button.tsx";
import {
  type EditorSettingKey,
  type EditorSettings,
  type PrettierConfig,
  resetEditorSettings,
  useEditorSettings,
  writeEditorSetting,
} from "../../preferences/editorSettings.ts";
import { EDITOR_COMMANDS, type EditorCommand, keymapOf, keysLabel, keysOf } from "../keybindings.ts";
import { PanelHeader } from "../PanelHeader.tsx";
import styles from "./SettingsPanel.module.css";

/**
 * The editor's settings (spec 1 §3 'Locally stored state', defaults of spec 1 §9 and spec 2 §9),
 * kept in this browser. Changes apply at once.
 */
export function SettingsPanel() {
  const settings = useEditorSettings();
  const set = <K extends EditorSettingKey>(key: K, value: EditorSettings[K]) =>
    writeEditorSetting(key, value);
  const setPrettier = <K extends keyof PrettierConfig>(key: K, value: PrettierConfig[K]) =>
    writeEditorSetting("prettierConfig", { ...settings.prettierConfig, [key]: value });
  const prettier = settings.prettierConfig;

  return (
    <section className={styles.panel} aria-label="Editor settings">
      <PanelHeader title="Editor settings" />
      <div className={styles.body}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Text</legend>
          <NumberRow
            label="Font size"
            value={settings.fontSize}
            min={8}
            max={40}
            step={1}
            onChange={(v) => set("fontSize", v)}
          />
          <TextRow
            label="Font family"
            value={settings.fontFamily}
            placeholder="System monospace"
            onChange={(v) => set("fontFamily", v)}
          />
          <NumberRow
            label="Line height"
            value={settings.lineHeight}
            min={1}
            max={3}
            step={0.1}
            onChange={(v) => set("lineHeight", v)}
          />
          <CheckRow
            label="Font ligatures"
            checked={settings.enableLigatures}
            onChange={(v) => set("enableLigatures", v)}
          />
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>Editing</legend>
          <CheckRow
            label="Autocomplete"
            checked={settings.autoCompleteEnabled}
            onChange={(v) => set("autoCompleteEnabled", v)}
          />
          <CheckRow label="Vim mode" checked={settings.vimMode} onChange={(v) => set("vimMode", v)} />
          <CheckRow
            label="Zen mode"
            hint="Only the editor: no files, tabs or side panel."
            checked={settings.zenMode}
            onChange={(v) => set("zenMode", v)}
          />
          <CheckRow
            label="Lint"
            hint="Marks JSON syntax errors."
            checked={settings.lintEnabled}
            onChange={(v) => set("lintEnabled", v)}
          />
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>Formatting</legend>
          <CheckRow
            label="Prettify on save"
            hint="Formats with Prettier on Ctrl/Cmd+S, with the sandbox's .prettierrc when it has one."
            checked={settings.prettifyOnSaveEnabled}
            onChange={(v) => set("prettifyOnSaveEnabled", v)}
          />
          <NumberRow
            label="Print width"
            value={prettier.printWidth}
            min={20}
            max={240}
            step={1}
            onChange={(v) => setPrettier("printWidth", v)}
          />
          <NumberRow
            label="Tab width"
            value={prettier.tabWidth}
            min={1}
            max={8}
            step={1}
            onChange={(v) => setPrettier("tabWidth", v)}
          />
          <CheckRow
            label="Indent with tabs"
            checked={prettier.useTabs}
            onChange={(v) => setPrettier("useTabs", v)}
          />
          <CheckRow label="Semicolons" checked={prettier.semi} onChange={(v) => setPrettier("semi", v)} />
          <CheckRow
            label="Single quotes"
            checked={prettier.singleQuote}
            onChange={(v) => setPrettier("singleQuote", v)}
          />
          <CheckRow
            label="Spaces inside braces"
            checked={prettier.bracketSpacing}
            onChange={(v) => setPrettier("bracketSpacing", v)}
          />
          <SelectRow
            label="Trailing commas"
            value={prettier.trailingComma}
            options={[
              ["none", "None"],
              ["es5", "Where ES5 allows"],
              ["all", "All"],
            ]}
            onChange={(v) => setPrettier("trailingComma", v as PrettierConfig["trailingComma"])}
          />
        </fieldset>

        <Keybindings keybindings={settings.keybindings} onChange={(v) => set("keybindings", v)} />

        <div className={styles.footer}>
          <Button size="sm" onClick={resetEditorSettings}>
            Reset to defaults
          </Button>
        </div>
      </div>
    </section>
  );
}

function CheckRow({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const hintId = useId();
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={styles.checkText}>
        <span>{label}</span>
        {hint && (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        )}
      </span>
    </label>
  );
}

/** A number field that stores only values in its range (a half-typed value is kept on screen). */
function NumberRow({
  label,
  value,
  min,
  max,
  step,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  return (
    <div className={styles.row}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        className={styles.number}
        min={min}
        max={max}
        step={step}
        value={text ?? String(value)}
        onChange={(event) => {
          setText(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value !== "" && Number.isFinite(next) && next >= min && next <= max)
            onChange(next);
        }}
        onBlur={() => setText(null)}
      />
    </div>
  );
}

function TextRow({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.text}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function SelectRow({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Each command's keys; 'Change' records the next key press, Escape leaves them as they were. */
function Keybindings({
  keybindings,
  onChange,
}: {
  keybindings: string[];
  onChange: (value: string[]) => void;
}) {
  const keys = keymapOf(keybindings);
  const [recording, setRecording] = useState<EditorCommand | null>(null);
  const store = (command: EditorCommand, value: string | null) => {
    const others = keybindings.filter((entry) => !entry.startsWith(`${command}=`));
    onChange(value === null ? others : [...others, `${command}=${value}`]);
  };
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Keyboard shortcuts</legend>
      {EDITOR_COMMANDS.map((command) => {
        const own = keybindings.some((entry) => entry.startsWith(`${command.id}=`));
        return (
          <div key={command.id} className={styles.row}>
            <span>{command.label}</span>
            <span className={styles.keys}>
              {recording === command.id ? (
                <input
                  // biome-ignore lint/a11y/noAutofocus: the field records the key press that follows the click.
                  autoFocus
                  readOnly
                  className={styles.record}
                  aria-label={`New keys for ${command.label}`}
                  value="Press keys…"
                  onBlur={() => setRecording(null)}
                  onKeyDown={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    if (event.key === "Escape") return setRecording(null);
                    const pressed = keysOf(event.nativeEvent);
                    if (!pressed) return;
                    store(command.id, pressed === command.keys ? null : pressed);
                    setRecording(null);
                  }}
                />
              ) : (
                <button
                  type="button"
                  className={styles.kbd}
                  aria-label={`${command.label}: ${keysLabel(keys[command.id])}. Change`}
                  onClick={() => setRecording(command.id)}
                >
                  {keysLabel(keys[command.id])}
                </button>
              )}
              {own && (
                <button
                  type="button"
                  className={styles.reset}
                  aria-label={`Reset the keys of ${command.label}`}
                  onClick={() => store(command.id, null)}
                >
                  Reset
                </button>
              )}
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}
