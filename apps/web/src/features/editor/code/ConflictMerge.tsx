import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { MergeView } from "@codemirror/merge";
import { EditorState, type Extension, StateEffect } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { languageOf } from "./languages.ts";
import { boxyardHighlighting, boxyardTheme } from "./theme.ts";

export type ConflictMergeHandle = { mine: () => string };

const mergeTheme = EditorView.theme({
  ".cm-changedLine": { backgroundColor: "rgb(138 180 255 / 8%)" },
  ".cm-changedText": { background: "rgb(138 180 255 / 28%)" },
  ".cm-deletedChunk": { backgroundColor: "rgb(248 113 113 / 10%)" },
  // Over the merge view's own dark theme.
  ".cm-collapsedLines": {
    fontFamily: "var(--font-sans)",
    fontSize: "var(--font-size-xs)",
    color: "var(--color-text-muted) !important",
    background: "var(--color-raised) !important",
  },
  ".cm-collapsedLines:before, .cm-collapsedLines:after": { content: "none" },
  ".cm-merge-revert button": {
    background: "var(--color-overlay)",
    color: "var(--color-text)",
    border: "1px solid var(--color-border)",
    borderRadius: "var(--radius-sm)",
  },
});

/**
 * The two versions of a file side by side (@codemirror/merge): mine on the left, editable, and
 * theirs on the right; the arrows between them take a change of theirs into mine.
 */
export function ConflictMerge({
  path,
  mine,
  theirs,
  handleRef,
}: {
  path: string;
  mine: string;
  theirs: string;
  handleRef?: Ref<ConflictMergeHandle>;
}) {
  const host = useRef<HTMLDivElement>(null);
  const merge = useRef<MergeView | null>(null);

  useEffect(() => {
    if (!host.current) return;
    let cancelled = false;
    const common: Extension[] = [
      lineNumbers(),
      boxyardTheme,
      boxyardHighlighting,
      mergeTheme,
      EditorView.lineWrapping,
    ];
    const view = new MergeView({
      parent: host.current,
      a: {
        doc: mine,
        extensions: [
          ...common,
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ "aria-label": "Your version" }),
        ],
      },
      b: {
        doc: theirs,
        extensions: [
          ...common,
          EditorState.readOnly.of(true),
          EditorView.contentAttributes.of({ "aria-label": "Saved version" }),
        ],
      },
      revertControls: "b-to-a",
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    merge.current = view;
    const language = languageOf(path);
    if (language) {
      void language.load().then((extension) => {
        if (cancelled) return;
        for (const editor of [view.a, view.b])
          editor.dispatch({ effects: StateEffect.appendConfig.of(extension) });
      });
    }
    return () => {
      cancelled = true;
      view.destroy();
      merge.current = null;
    };
  }, [path, mine, theirs]);

  useImperativeHandle(handleRef, () => ({ mine: () => merge.current?.a.state.doc.toString() ?? mine }), [
    mine,
  ]);

  return <div ref={host} style={{ height: "100%", overflow: "auto" }} />;
}
