import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { packageInfoQuery } from "../../api/queries/packages.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { CloseIcon, PlusIcon } from "../../ui/Icon.tsx";
import { PanelHeader } from "../editor/PanelHeader.tsx";
import { AddDependency } from "./AddDependency.tsx";
import styles from "./DependenciesPanel.module.css";
import {
  DEPENDENCY_KINDS,
  type Dependency,
  type DependencyKind,
  readManifest,
  withDependency,
  withoutDependency,
} from "./packageJson.ts";

/** The sandbox's root package.json as the editor has it: the text shown (unsaved included) and its save state. */
export type PackageJsonFile = {
  text: string;
  /** Someone else saved it meanwhile: the editor's conflict view resolves that first. */
  conflict: boolean;
  saving: boolean;
  /** Why its last save failed, if it did. */
  failed: string | null;
};

const GROUP_LABELS: Record<DependencyKind, string> = {
  dependencies: "Dependencies",
  devDependencies: "Dev dependencies",
};

/**
 * The dependencies panel (issue 16): the package.json's dependencies and dev dependencies with
 * their ranges; who may edit adds one (searched in the registry, written at `^latest`) or removes
 * one. Changes go through the editor's file session (`onWrite`), as typing would: saved with the
 * version they were based on, a stale one becoming the editor's conflict.
 */
export function DependenciesPanel({
  file,
  canEdit,
  onWrite,
  onOpenFile,
}: {
  /** null: the sandbox has no package.json at its root. */
  file: PackageJsonFile | null;
  canEdit: boolean;
  /** Replaces package.json's text and saves it; answers whether it was saved. */
  onWrite: (text: string) => Promise<boolean>;
  onOpenFile: () => void;
}) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The text at the moment of writing (a pick waits for the registry meanwhile).
  const latestText = useRef(file?.text);
  latestText.current = file?.text;

  const text = file?.text ?? null;
  const reading = useMemo(() => (text === null ? null : readManifest(text)), [text]);
  const dependencies = useMemo(() => (reading?.ok ? reading.dependencies : []), [reading]);
  const installed = useMemo(() => new Set(dependencies.map((d) => d.name)), [dependencies]);
  const editable = canEdit && file !== null && reading?.ok === true && !file.conflict;

  const change = async (nextText: () => Promise<ReturnType<typeof withDependency>>) => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await nextText();
      if (!next.ok) {
        setProblem(next.error);
        return false;
      }
      return await onWrite(next.text);
    } catch (error) {
      setProblem(getErrorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (name: string, kind: DependencyKind) => {
    const saved = await change(async () => {
      const info = await queryClient.fetchQuery(packageInfoQuery(name));
      const latest = info.distTags.latest;
      if (!latest) return { ok: false, error: `${name} has no latest version to add.` };
      return withDependency(latestText.current ?? "", { name, range: `^${latest}`, kind });
    });
    if (saved) {
      setAdding(false);
      addButton.current?.focus();
    }
  };

  const remove = (dependency: Dependency) =>
    void change(async () => withoutDependency(latestText.current ?? "", dependency));

  return (
    <section className={styles.panel} aria-label="Dependencies">
      <PanelHeader title="Dependencies">
        {editable && (
          <button
            ref={addButton}
            type="button"
            className={buttonClass({ variant: "ghost", size: "sm", iconOnly: true })}
            aria-label="Add dependency"
            title="Add dependency"
            aria-expanded={adding}
            onClick={() => setAdding((open) => !open)}
          >
            <PlusIcon size={14} />
          </button>
        )}
      </PanelHeader>
      <div className={styles.body}>
        {file === null ? (
          <p className={styles.note}>This sandbox has no package.json at its root.</p>
        ) : reading && !reading.ok ? (
          <div className={styles.error} role="alert">
            <p>{reading.error}</p>
            <p>Fix package.json to see and change its dependencies.</p>
            <Button size="sm" onClick={onOpenFile}>
              Open package.json
            </Button>
          </div>
        ) : (
          <>
            {file.conflict && (
              <div className={styles.error} role="alert">
                <p>Someone else changed package.json while it had unsaved changes here.</p>
                <Button size="sm" onClick={onOpenFile}>
                  Resolve the conflict
                </Button>
              </div>
            )}
            {(problem ?? file.failed) && (
              <p className={styles.error} role="alert">
                {problem ?? `package.json was not saved: ${file.failed}`}
              </p>
            )}
            {editable && adding && (
              <AddDependency
                installed={installed}
                busy={busy || file.saving}
                onPick={(name, kind) => void add(name, kind)}
                onClose={() => {
                  setAdding(false);
                  addButton.current?.focus();
                }}
              />
            )}
            {DEPENDENCY_KINDS.map((kind) => {
              const group = dependencies.filter((d) => d.kind === kind);
              const headingId = `dependencies-${kind}`;
              return (
                <div key={kind} className={styles.group}>
                  <h3 id={headingId} className={styles.groupTitle}>
                    {GROUP_LABELS[kind]} <span className={styles.count}>{group.length}</span>
                  </h3>
                  {group.length === 0 ? (
                    <p className={styles.note}>None.</p>
                  ) : (
                    <ul className={styles.list} aria-labelledby={headingId}>
                      {group.map((dependency) => (
                        <li key={dependency.name} className={styles.row}>
                          <span className={styles.name} title={dependency.name}>
                            {dependency.name}
                          </span>
                          <span className={styles.range}>{dependency.range}</span>
                          {editable && (
                            <Button
                              variant="ghost"
                              size="sm"
                              iconOnly
                              className={styles.remove}
                              aria-label={`Remove ${dependency.name}`}
                              title={`Remove ${dependency.name}`}
                              disabled={busy || file.saving}
                              onClick={() => remove(dependency)}
                            >
                              <CloseIcon size={12} />
                            </Button>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              );
            })}
            <p className={styles.status} role="status">
              {file.saving || busy ? "Saving package.json…" : ""}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
