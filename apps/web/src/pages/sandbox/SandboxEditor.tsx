import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { getErrorMessage } from "../../api/errors.ts";
import { featuresQuery } from "../../api/queries/meta.ts";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import { loadChunk } from "../../app/lazyPage.ts";
import { SandboxDependencies } from "../../features/dependencies/SandboxDependencies.tsx";
import { BinaryView, isShownNotEdited } from "../../features/editor/BinaryView.tsx";
import type { CodeEditorHandle, EditorReveal } from "../../features/editor/code/CodeEditor.tsx";
import { languageOf } from "../../features/editor/code/languages.ts";
import { ConflictView } from "../../features/editor/conflict/ConflictView.tsx";
import { FilesPanel } from "../../features/editor/files/FilesPanel.tsx";
import type { FileTreeNode } from "../../features/editor/files/names.ts";
import { keymapOf, keysLabel, matches } from "../../features/editor/keybindings.ts";
import { lazyPiece } from "../../features/editor/LazyPiece.tsx";
import { Workbench } from "../../features/editor/layout/Workbench.tsx";
import { useWorkbenchLayout } from "../../features/editor/layout/workbenchLayout.ts";
import { useSandboxLive } from "../../features/editor/live/useSandboxLive.ts";
import { EDITOR_MESSAGES } from "../../features/editor/messages.ts";
import { QuickOpen } from "../../features/editor/palette/QuickOpen.tsx";
import { SearchPanel } from "../../features/editor/search/SearchPanel.tsx";
import { useFileSession } from "../../features/editor/session/useFileSession.ts";
import { SettingsPanel } from "../../features/editor/settings/SettingsPanel.tsx";
import { EditorTabs } from "../../features/editor/tabs/EditorTabs.tsx";
import { useEditorTabs } from "../../features/editor/tabs/useEditorTabs.ts";
import { allFiles, buildFileTree, defaultFile } from "../../features/file-tree/fileTree.ts";
import { useEditorSettings, writeEditorSetting } from "../../features/preferences/editorSettings.ts";
import { PreviewAside } from "../../features/preview/PreviewAside.tsx";
import { PreviewConsole } from "../../features/preview/PreviewConsole.tsx";
import { PreviewPanel } from "../../features/preview/PreviewPanel.tsx";
import { previewFilesOf } from "../../features/preview/previewFiles.ts";
import { usePreview } from "../../features/preview/usePreview.ts";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { ActiveWorkspaceProvider } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button } from "../../ui/Button.tsx";
import { BoxIcon, FileIcon, SearchIcon, SettingsIcon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { toast } from "../../ui/toastStore.ts";
import { EditorHeader, type SaveState } from "./EditorHeader.tsx";
import { ForkButton, SignInToFork, signInToForkMessage } from "./ForkButton.tsx";
import styles from "./SandboxEditor.module.css";
import { SandboxInfo } from "./SandboxInfo.tsx";
import { useSandboxAccess } from "./useSandboxAccess.ts";

const CodeEditor = lazyPiece(
  "editor",
  async () => (await import("../../features/editor/code/CodeEditor.tsx")).CodeEditor,
);

/**
 * CodeMirror is fetched as soon as the page asks for its sandbox, in parallel with the answer
 * (which, for a large sandbox, takes as long), rather than after it: the first file shows sooner.
 */
export const preloadCodeEditor = CodeEditor.preload;

/** The comparison of a conflict, fetched while the browser is idle so that it is there even offline. */
const prefetchMerge = () => import("../../features/editor/code/ConflictMerge.tsx");

/**
 * /s/{id*}: the editor (issue 15). Files on the left, the code in the middle with its tabs, the
 * sandbox's info on the right (the preview's place), all in one screen. Edits are kept in the
 * browser at once and saved after a pause, on leaving the editor and on Ctrl/Cmd+S; a save
 * someone else made meanwhile becomes a conflict to resolve. Who may not edit reads, and forks.
 */
export function SandboxEditor({ sandbox }: { sandbox: SandboxDetail }) {
  const { isLoggedIn, user } = useSession();
  const settings = useEditorSettings();
  const access = useSandboxAccess(sandbox);
  const { session, snapshot } = useFileSession(sandbox, access.canEditFiles);
  const canEdit = access.canEditFiles && snapshot.refused === null;
  const present = useSandboxLive(sandbox.id, isLoggedIn);
  const { layout, setPane, showSideView } = useWorkbenchLayout(user?.id ?? null);
  const title = sandbox.title || sandbox.alias || sandbox.id;

  const tree = useMemo(
    () => buildFileTree(sandbox.directories, sandbox.modules) as FileTreeNode[],
    [sandbox.directories, sandbox.modules],
  );
  const files = useMemo(() => allFiles(tree), [tree]);
  const byShortid = useMemo(() => new Map(files.map((f) => [f.module.shortid, f])), [files]);
  const conflictIds = useMemo(() => new Set(snapshot.conflicts.keys()), [snapshot.conflicts]);
  const exists = useCallback((shortid: string) => byShortid.has(shortid), [byShortid]);
  const tabs = useEditorTabs(sandbox.id, exists, defaultFile(tree)?.module.shortid ?? null, conflictIds);

  const editor = useRef<CodeEditorHandle>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [quickOpen, setQuickOpen] = useState(false);
  const [searchFocus, setSearchFocus] = useState(0);
  const [reveal, setReveal] = useState<EditorReveal | null>(null);
  const [narrowTab, setNarrowTab] = useState<"side" | "main" | "aside" | "bottom">("main");
  const zen = settings.zenMode;

  // Browser sandboxes run in the preview (issue 16); devboxes get theirs with the runtime (issue 17).
  const features = useQuery(featuresQuery());
  const runsInBrowser = !sandbox.isV2;
  const preview = usePreview({
    sandboxId: sandbox.id,
    previewUrl: runsInBrowser ? (features.data?.previewUrl ?? null) : null,
    readFiles: () => previewFilesOf(files, (shortid) => session.text(shortid)),
  });
  const { filesChanged } = preview;
  // Saved changes (anyone's), renames, new and deleted files reach the preview.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `files` is what changed, not what is read
  useEffect(() => filesChanged(), [files, filesChanged]);

  const active = tabs.active ? (byShortid.get(tabs.active) ?? null) : null;
  const activeConflict = tabs.active ? snapshot.conflicts.get(tabs.active) : undefined;

  const open = useCallback(
    (shortid: string) => {
      tabs.open(shortid);
      setNarrowTab("main");
    },
    [tabs.open],
  );

  useEffect(() => {
    if (!canEdit) return;
    const id = setTimeout(() => void prefetchMerge().catch(() => undefined), 3000);
    return () => clearTimeout(id);
  }, [canEdit]);

  // Drafts a reload or a lost connection left are back: say so once.
  const restoredCount = useRef(snapshot.dirty.size);
  useEffect(() => {
    if (restoredCount.current > 0) toast.info(EDITOR_MESSAGES.restored(restoredCount.current));
  }, []);

  /** Ctrl/Cmd+S: Prettier first when asked (and it knows the language), then every unsaved file. */
  const save = useCallback(async () => {
    if (!canEdit) return;
    const file = active;
    if (file && settings.prettifyOnSaveEnabled && !isShownNotEdited(file.name, file.module.isBinary)) {
      try {
        const { prettify, parsePrettierRc } = await loadChunk(
          "prettify",
          () => import("../../features/editor/code/prettify.ts"),
        );
        const rc = files.find((f) => f.path === ".prettierrc" || f.path === ".prettierrc.json");
        const text = editor.current?.text() ?? session.text(file.module.shortid) ?? "";
        const formatted = await prettify(
          file.path,
          text,
          settings.prettierConfig,
          parsePrettierRc(rc?.module.code),
        );
        if (formatted !== null && formatted !== text) editor.current?.replaceText(formatted);
      } catch (error) {
        toast.error(`${EDITOR_MESSAGES.prettifyFailed}: ${getErrorMessage(error).split("\n")[0]}`);
      }
    }
    await session.saveAll();
  }, [active, canEdit, files, session, settings.prettierConfig, settings.prettifyOnSaveEnabled]);

  const goToLine = useCallback(
    (line: number) => {
      if (!active) return;
      const text = session.text(active.module.shortid) ?? "";
      let offset = 0;
      for (let n = 1; n < line; n++) {
        const next = text.indexOf("\n", offset);
        if (next < 0) break;
        offset = next + 1;
      }
      setReveal((previous) => ({
        key: active.module.shortid,
        from: offset,
        to: offset,
        seq: (previous?.seq ?? 0) + 1,
      }));
    },
    [active, session],
  );

  /** A console entry's file and line, opened in the editor. */
  const openSource = useCallback(
    (source: { path: string; line: number }) => {
      const file = files.find((f) => f.path === source.path);
      if (!file) return;
      open(file.module.shortid);
      const text = session.text(file.module.shortid) ?? "";
      let offset = 0;
      for (let n = 1; n < source.line; n++) {
        const next = text.indexOf("\n", offset);
        if (next < 0) break;
        offset = next + 1;
      }
      setReveal((previous) => ({
        key: file.module.shortid,
        from: offset,
        to: offset,
        seq: (previous?.seq ?? 0) + 1,
      }));
    },
    [files, open, session],
  );

  // The editor's keys, wherever the focus is on the page (the person's own keys over the defaults).
  const keys = useMemo(() => keymapOf(settings.keybindings), [settings.keybindings]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const run = (action: () => void) => {
        event.preventDefault();
        event.stopPropagation();
        action();
      };
      if (matches(event, keys.save)) run(() => void save());
      else if (matches(event, keys.quickOpen)) run(() => setQuickOpen((v) => !v));
      else if (matches(event, keys.searchAll))
        run(() => {
          showSideView("search", false);
          setNarrowTab("side");
          setSearchFocus((n) => n + 1);
        });
      else if (matches(event, keys.goToLine)) run(() => editor.current?.goToLine());
      else if (matches(event, keys.toggleFiles)) run(() => showSideView("files"));
      else if (matches(event, keys.zenMode)) run(() => writeEditorSetting("zenMode", !zen));
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [keys, save, showSideView, zen]);

  const saveState: SaveState | null = !canEdit
    ? null
    : snapshot.conflicts.size > 0
      ? "conflict"
      : snapshot.saving.size > 0
        ? "saving"
        : snapshot.failed.size > 0
          ? "failed"
          : snapshot.dirty.size > 0
            ? "unsaved"
            : "saved";

  const openTabs = tabs.tabs.flatMap((shortid) => {
    const file = byShortid.get(shortid);
    const draft = session.draft(shortid);
    const name = file?.name ?? draft?.title ?? shortid;
    return [
      {
        shortid,
        name,
        path: file?.path ?? name,
        dirty: snapshot.dirty.has(shortid),
        conflict: snapshot.conflicts.has(shortid),
      },
    ];
  });

  const readOnlyBar = !canEdit && (
    <div className={styles.readOnly} role="note">
      <p>{isLoggedIn ? (snapshot.refused ?? access.readOnlyReason) : signInToForkMessage(sandbox)}</p>
      {isLoggedIn ? (
        <ActiveWorkspaceProvider>
          <ForkButton sandbox={sandbox} compact />
        </ActiveWorkspaceProvider>
      ) : (
        <SignInToFork sandbox={sandbox} compact />
      )}
    </div>
  );

  const editorContent = () => {
    if (tabs.active && activeConflict) {
      const draft = session.draft(tabs.active);
      return (
        <ConflictView
          key={`${tabs.active}:${activeConflict.theirs?.version ?? "deleted"}`}
          path={active?.path ?? draft?.title ?? ""}
          mine={draft?.code ?? ""}
          theirs={activeConflict.theirs}
          onKeepMine={async (code) => {
            const from = tabs.active!;
            try {
              const to = await session.keepMine(from, code);
              if (to !== from) tabs.replace(from, to);
            } catch (error) {
              toast.error(getErrorMessage(error));
            }
          }}
          onTakeTheirs={() => session.discard(tabs.active!)}
        />
      );
    }
    if (!active) {
      return (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{files.length === 0 ? "No files yet" : "No file open"}</p>
          <p>
            {files.length === 0
              ? canEdit
                ? "Create a file in the Files panel, or drop files on it."
                : "This sandbox has no files."
              : `Choose a file in the Files panel, or press ${keysLabel(keys.quickOpen)} to find one.`}
          </p>
        </div>
      );
    }
    if (isShownNotEdited(active.name, active.module.isBinary)) {
      return <BinaryView name={active.name} code={active.module.code} />;
    }
    return (
      <CodeEditor
        fallback={<EditorSkeleton />}
        file={{
          key: active.module.shortid,
          path: active.path,
          text: session.text(active.module.shortid) ?? "",
        }}
        readOnly={!canEdit}
        settings={settings}
        openKeys={tabs.tabs}
        reveal={reveal}
        onChange={(key, text) => {
          session.edit(key, text);
          filesChanged();
        }}
        onBlur={() => void session.saveAll()}
        handleRef={editor}
      />
    );
  };

  const language = active ? languageOf(active.name)?.name : null;
  const main = (
    <div className={styles.editorArea}>
      {!zen && openTabs.length > 0 && (
        <EditorTabs tabs={openTabs} active={tabs.active} onSelect={open} onClose={tabs.close} />
      )}
      {readOnlyBar}
      <div
        id="editor-panel"
        role="tabpanel"
        aria-labelledby={tabs.active ? `editor-tab-${tabs.active}` : undefined}
        className={styles.code}
      >
        {editorContent()}
      </div>
      <footer className={styles.status}>
        <span className={styles.statusPath}>{active?.path ?? ""}</span>
        <span className={styles.statusRight}>
          {settings.vimMode && <span>Vim</span>}
          {language && <span>{language}</span>}
          <span>
            {settings.prettierConfig.useTabs ? "Tabs" : `Spaces: ${settings.prettierConfig.tabWidth}`}
          </span>
          {!canEdit && <span>Read only</span>}
        </span>
      </footer>
      {zen && (
        <Button
          size="sm"
          variant="secondary"
          className={styles.exitZen}
          onClick={() => writeEditorSetting("zenMode", false)}
        >
          Exit zen mode
        </Button>
      )}
    </div>
  );

  const sideContent =
    layout.sideView === "search" ? (
      <SearchPanel
        inputRef={searchInput}
        focusRequest={searchFocus}
        files={files
          .filter((f) => !isShownNotEdited(f.name, f.module.isBinary))
          .map((f) => ({
            shortid: f.module.shortid,
            path: f.path,
            name: f.name,
            text: session.text(f.module.shortid) ?? "",
          }))}
        onReveal={(match) => {
          open(match.shortid);
          setReveal((previous) => ({
            key: match.shortid,
            from: match.from,
            to: match.to,
            seq: (previous?.seq ?? 0) + 1,
          }));
        }}
      />
    ) : layout.sideView === "settings" ? (
      <SettingsPanel />
    ) : layout.sideView === "dependencies" ? (
      // Issue 16: the dependencies panel (features/dependencies).
      <SandboxDependencies
        modules={sandbox.modules}
        session={session}
        snapshot={snapshot}
        canEdit={canEdit}
        onOpen={open}
      />
    ) : (
      <FilesPanel
        sandboxId={sandbox.id}
        tree={tree}
        selectedId={tabs.active ? `m:${tabs.active}` : null}
        dirty={snapshot.dirty}
        canEdit={canEdit}
        onOpen={open}
        onDeleted={(shortids) => session.forget(shortids)}
      />
    );

  const rail = (
    <nav className={styles.rail} aria-label="Views">
      {(
        [
          ["files", "Files", <FileIcon key="f" size={18} />, keys.toggleFiles],
          ["search", "Find in files", <SearchIcon key="s" size={18} />, keys.searchAll],
          ["dependencies", "Dependencies", <BoxIcon key="d" size={18} />, null],
          ["settings", "Editor settings", <SettingsIcon key="g" size={18} />, null],
        ] as const
      ).map(([view, label, icon, shortcut]) => (
        <button
          key={view}
          type="button"
          className={styles.railButton}
          aria-label={label}
          aria-pressed={layout.side.open && layout.sideView === view}
          title={shortcut ? `${label} (${keysLabel(shortcut)})` : label}
          onClick={() => showSideView(view)}
        >
          {icon}
        </button>
      ))}
    </nav>
  );

  const info = <SandboxInfo sandbox={sandbox} title={title} />;
  const errorCount = preview.entries.filter((e) => e.level === "error").length;
  const asideContent = runsInBrowser ? (
    <PreviewAside
      preview={
        <PreviewPanel
          preview={preview}
          consoleOpen={layout.bottom.open}
          onToggleConsole={() => {
            setPane("bottom", { open: !layout.bottom.open });
            setNarrowTab("bottom");
          }}
          errorCount={errorCount}
        />
      }
      info={info}
    />
  ) : (
    info
  );
  const consolePanel = (
    <PreviewConsole entries={preview.entries} onClear={preview.clearConsole} onOpenSource={openSource} />
  );

  return (
    <div className={styles.page}>
      <EditorHeader
        sandbox={sandbox}
        title={title}
        access={{ ...access, canEditFiles: canEdit }}
        saveState={saveState}
        present={present}
      />
      <Workbench
        layout={
          zen
            ? { ...layout, side: { ...layout.side, open: false }, aside: { ...layout.aside, open: false } }
            : layout
        }
        setPane={setPane}
        narrowTab={narrowTab}
        onNarrowTab={setNarrowTab}
        rail={zen ? null : rail}
        side={{
          label: SIDE_LABELS[layout.sideView],
          content: sideContent,
        }}
        main={{ label: "Code", content: main }}
        aside={zen ? null : { label: runsInBrowser ? "Preview" : "Info", content: asideContent }}
        // The preview's console; a devbox's terminals come with issue 17.
        bottom={runsInBrowser && !zen ? { label: "Console", content: consolePanel } : null}
      />
      <QuickOpen
        open={quickOpen}
        files={files.map((f) => ({ shortid: f.module.shortid, path: f.path, name: f.name }))}
        onOpenChange={setQuickOpen}
        onOpenFile={open}
        onGoToLine={goToLine}
      />
    </div>
  );
}

const SIDE_LABELS = {
  files: "Files",
  search: "Search",
  settings: "Settings",
  dependencies: "Dependencies",
} as const;

const SKELETON_WIDTHS = ["34%", "58%", "72%", "41%", "87%", "63%", "29%", "76%", "52%", "68%", "45%", "81%"];

function EditorSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <span className="visually-hidden">Loading the editor</span>
      {SKELETON_WIDTHS.map((width) => (
        <Skeleton key={width} width={width} height={12} style={{ margin: "7px 16px 7px 56px" }} />
      ))}
    </div>
  );
}
