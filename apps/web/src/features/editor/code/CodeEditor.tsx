import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching, foldGutter, foldKeymap, indentOnInput, indentUnit } from "@codemirror/language";
import {
  gotoLine,
  highlightSelectionMatches,
  openSearchPanel,
  search,
  searchKeymap,
} from "@codemirror/search";
import { Annotation, Compartment, EditorSelection, EditorState, type Extension } from "@codemirror/state";
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from "@codemirror/view";
import { type Ref, useEffect, useImperativeHandle, useLayoutEffect, useRef } from "react";
import type { EditorSettings } from "../../preferences/editorSettings.ts";
import { type EditorLanguage, languageOf } from "./languages.ts";
import { minimalChange } from "./minimalChange.ts";
import { boxyardHighlighting, boxyardTheme } from "./theme.ts";

/** The file shown: `key` tells files apart (each keeps its own undo history and selection). */
export type EditorFile = { key: string; path: string; text: string };

/** A range to select and scroll to once its file is shown (a search result, a line); `seq` tells requests apart. */
export type EditorReveal = { key: string; from: number; to: number; seq: number };

/** What the page asks of the editor. */
export type CodeEditorHandle = {
  /** The text as typed so far. */
  text: () => string;
  /** Replaces the text as an edit of the person's own (Prettier on save): undo takes it back. */
  replaceText: (text: string) => void;
  /** Selects a range of the current file and scrolls to it (a result of find across files). */
  reveal: (from: number, to: number) => void;
  focus: () => void;
  openSearch: () => void;
  goToLine: () => void;
};

type Props = {
  file: EditorFile;
  readOnly: boolean;
  settings: EditorSettings;
  /** The keys of the open tabs: the editor forgets the state of the others. */
  openKeys: readonly string[];
  reveal?: EditorReveal | null;
  onChange: (key: string, text: string) => void;
  onBlur: () => void;
  handleRef?: Ref<CodeEditorHandle>;
};

/** Text put in from outside (the server's, the other side of a conflict): not an edit. */
const External = Annotation.define<boolean>();

const loadedLanguages = new Map<EditorLanguage, Extension>();
let vimExtension: Promise<Extension> | null = null;
const loadVim = () => {
  vimExtension ??= import("@replit/codemirror-vim").then(({ vim }) => vim());
  vimExtension.catch(() => {
    vimExtension = null;
  });
  return vimExtension;
};

/** JSON's syntax errors marked in the text and the gutter ('Lint' setting), loaded on first use. */
let jsonLint: Promise<Extension> | null = null;
const loadJsonLint = () => {
  jsonLint ??= Promise.all([import("@codemirror/lint"), import("@codemirror/lang-json")]).then(
    ([{ linter, lintGutter }, { jsonParseLinter }]) => [
      linter(jsonParseLinter(), { delay: 300 }),
      lintGutter(),
    ],
  );
  return jsonLint;
};

/** Keeps a free-text font family from closing the CSS declaration it goes in. */
const safeFont = (family: string) => family.replace(/[;{}<>]/g, "").trim();

function appearance(settings: EditorSettings): Extension {
  const { tabWidth, useTabs } = settings.prettierConfig;
  const family = safeFont(settings.fontFamily);
  return [
    EditorView.theme({
      "&": { fontSize: `${settings.fontSize}px` },
      ".cm-scroller": {
        fontFamily: family ? `${family}, var(--font-mono)` : "var(--font-mono)",
        lineHeight: String(settings.lineHeight),
      },
      ".cm-content": {
        fontVariantLigatures: settings.enableLigatures ? "contextual" : "none",
        fontFeatureSettings: settings.enableLigatures ? '"liga" 1, "calt" 1' : '"liga" 0, "calt" 0',
      },
    }),
    EditorState.tabSize.of(tabWidth),
    indentUnit.of(useTabs ? "\t" : " ".repeat(tabWidth)),
  ];
}

const readOnlyState = (readOnly: boolean): Extension => [
  EditorState.readOnly.of(readOnly),
  EditorView.contentAttributes.of({ "aria-readonly": String(readOnly) }),
];

/**
 * The code editor (CodeMirror 6), loaded with the sandbox page only. One view shows the file of
 * the active tab; each file keeps its own state (undo history, selection, scroll) while its tab is
 * open. Text that changes from outside is put in as the smallest change, so the cursor stays.
 */
export function CodeEditor({
  file,
  readOnly,
  settings,
  openKeys,
  reveal,
  onChange,
  onBlur,
  handleRef,
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  const currentKey = useRef<string | null>(null);
  const revealed = useRef<number | null>(null);
  const currentPath = useRef<string | null>(null);
  const compartments = useRef({
    language: new Compartment(),
    readOnly: new Compartment(),
    appearance: new Compartment(),
    autocomplete: new Compartment(),
    vim: new Compartment(),
    lint: new Compartment(),
  }).current;
  const latest = useRef({ onChange, onBlur, settings, readOnly });
  useLayoutEffect(() => {
    latest.current = { onChange, onBlur, settings, readOnly };
  });

  const configuration = (path: string) => {
    const { settings: current, readOnly: ro } = latest.current;
    const language = languageOf(path);
    return [
      compartments.vim.of([]),
      compartments.lint.of([]),
      compartments.language.of((language && loadedLanguages.get(language)) ?? []),
      compartments.readOnly.of(readOnlyState(ro)),
      compartments.appearance.of(appearance(current)),
      compartments.autocomplete.of(current.autoCompleteEnabled ? autocompletion() : []),
    ];
  };

  /** Everything but the commands of the page (save, go to line…), which the page's keys run. */
  const extensions = (key: string, path: string): Extension => [
    ...configuration(path),
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    boxyardHighlighting,
    bracketMatching(),
    closeBrackets(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    boxyardTheme,
    EditorView.contentAttributes.of({ "aria-label": "Code editor" }),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      indentWithTab,
    ]),
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      if (update.transactions.every((tr) => tr.annotation(External))) return;
      latest.current.onChange(key, update.state.doc.toString());
    }),
    EditorView.domEventHandlers({
      blur: () => {
        latest.current.onBlur();
      },
    }),
  ];

  /** The file's language, loaded once per language, put in when it arrives (if the file is still shown). */
  const applyLanguage = (key: string, path: string) => {
    const language = languageOf(path);
    const loaded = language ? loadedLanguages.get(language) : [];
    if (!language || loaded) {
      view.current?.dispatch({ effects: compartments.language.reconfigure(loaded ?? []) });
      return;
    }
    void language.load().then(
      (extension) => {
        loadedLanguages.set(language, extension);
        if (currentKey.current === key) {
          view.current?.dispatch({ effects: compartments.language.reconfigure(extension) });
        }
      },
      (error: unknown) => console.warn(`Could not load the ${language.name} language`, error),
    );
  };

  const revealRange = (from: number, to: number) => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    editor.dispatch({
      selection: EditorSelection.single(Math.min(from, length), Math.min(to, length)),
      effects: EditorView.scrollIntoView(Math.min(from, length), { y: "center" }),
    });
    editor.focus();
  };

  const applySettings = () => {
    const { settings: current, readOnly: ro } = latest.current;
    view.current?.dispatch({
      effects: [
        compartments.readOnly.reconfigure(readOnlyState(ro)),
        compartments.appearance.reconfigure(appearance(current)),
        compartments.autocomplete.reconfigure(current.autoCompleteEnabled ? autocompletion() : []),
      ],
    });
    const path = currentPath.current;
    if (current.lintEnabled && path && /\.json$/i.test(path)) {
      loadJsonLint().then(
        (extension) => {
          if (currentPath.current === path && latest.current.settings.lintEnabled) {
            view.current?.dispatch({ effects: compartments.lint.reconfigure(extension) });
          }
        },
        (error: unknown) => console.warn("Could not load the JSON linter", error),
      );
    } else {
      view.current?.dispatch({ effects: compartments.lint.reconfigure([]) });
    }
    if (current.vimMode) {
      loadVim().then(
        (extension) => {
          if (latest.current.settings.vimMode) {
            view.current?.dispatch({ effects: compartments.vim.reconfigure(extension) });
          }
        },
        (error: unknown) => console.warn("Could not load vim mode", error),
      );
    } else {
      view.current?.dispatch({ effects: compartments.vim.reconfigure([]) });
    }
  };

  // The shown file: its own state, and the text the page holds for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the helpers read the latest props through refs.
  useLayoutEffect(() => {
    if (!host.current) return;
    if (!view.current) view.current = new EditorView({ parent: host.current });
    const editor = view.current;
    if (currentKey.current !== file.key) {
      if (currentKey.current) states.current.set(currentKey.current, editor.state);
      const saved = states.current.get(file.key);
      editor.setState(
        saved ?? EditorState.create({ doc: file.text, extensions: extensions(file.key, file.path) }),
      );
      currentKey.current = file.key;
      currentPath.current = file.path;
      applyLanguage(file.key, file.path);
      applySettings();
    }
    const shown = editor.state.doc.toString();
    const change = minimalChange(shown, file.text);
    if (change) editor.dispatch({ changes: change, annotations: External.of(true) });
  }, [file.key, file.text, file.path]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revealRange reads the view through a ref.
  useLayoutEffect(() => {
    if (!reveal || reveal.key !== file.key || revealed.current === reveal.seq) return;
    revealed.current = reveal.seq;
    revealRange(reveal.from, reveal.to);
  }, [reveal, file.key]);

  // Settings and read-only apply to the shown file at once (and to others when they are shown).
  // biome-ignore lint/correctness/useExhaustiveDependencies: applySettings reads them through a ref.
  useEffect(() => {
    applySettings();
  }, [settings, readOnly]);

  useEffect(() => {
    const open = new Set(openKeys);
    for (const key of [...states.current.keys()]) if (!open.has(key)) states.current.delete(key);
  }, [openKeys]);

  useEffect(
    () => () => {
      view.current?.destroy();
      view.current = null;
    },
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handle reads the view through a ref.
  useImperativeHandle(
    handleRef,
    (): CodeEditorHandle => ({
      text: () => view.current?.state.doc.toString() ?? "",
      replaceText: (text) => {
        const editor = view.current;
        if (!editor) return;
        const change = minimalChange(editor.state.doc.toString(), text);
        if (change) editor.dispatch({ changes: change, userEvent: "input.format" });
      },
      reveal: revealRange,
      focus: () => view.current?.focus(),
      openSearch: () => {
        if (view.current) openSearchPanel(view.current);
      },
      goToLine: () => {
        if (view.current) gotoLine(view.current);
      },
    }),
    [],
  );

  return <div ref={host} style={{ height: "100%", minHeight: 0 }} />;
}
