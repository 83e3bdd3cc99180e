import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorView } from "@codemirror/view";
import { tags as t } from "@lezer/highlight";

/**
 * The editor in the dashboard's tokens (DESIGN.md): the page background, gutter and active line
 * one step lighter, the selection in the accent at low opacity, and few, calm syntax colours.
 */
export const boxyardTheme = EditorView.theme(
  {
    "&": { color: "var(--color-text)", backgroundColor: "var(--color-bg)", height: "100%" },
    "&.cm-focused": { outline: "none" },
    ".cm-scroller": {
      fontFamily: "var(--editor-font, var(--font-mono))",
      lineHeight: "var(--editor-line-height, 1.5)",
    },
    ".cm-content": { caretColor: "var(--color-text)", padding: "8px 0" },
    ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--color-text)", borderLeftWidth: "2px" },
    "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
      { backgroundColor: "rgb(138 180 255 / 24%)" },
    ".cm-selectionMatch": { backgroundColor: "rgb(138 180 255 / 12%)" },
    ".cm-searchMatch": {
      backgroundColor: "rgb(251 191 36 / 22%)",
      outline: "1px solid rgb(251 191 36 / 40%)",
    },
    ".cm-searchMatch.cm-searchMatch-selected": { backgroundColor: "rgb(251 191 36 / 40%)" },
    ".cm-activeLine": { backgroundColor: "#151518" },
    ".cm-gutters": {
      backgroundColor: "#141416",
      color: "var(--color-text-muted)",
      border: "none",
      borderRight: "1px solid var(--color-border)",
    },
    ".cm-activeLineGutter": { backgroundColor: "#1b1b1f", color: "var(--color-text-secondary)" },
    ".cm-lineNumbers .cm-gutterElement": { padding: "0 12px 0 16px", minWidth: "40px" },
    ".cm-foldPlaceholder": {
      backgroundColor: "var(--color-overlay)",
      border: "1px solid var(--color-border)",
      color: "var(--color-text-secondary)",
    },
    ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": {
      backgroundColor: "rgb(138 180 255 / 18%)",
      outline: "1px solid rgb(138 180 255 / 40%)",
    },
    ".cm-tooltip": {
      backgroundColor: "var(--color-overlay)",
      border: "1px solid var(--color-border)",
      borderRadius: "var(--radius-sm)",
      color: "var(--color-text)",
    },
    ".cm-tooltip-autocomplete > ul > li": { padding: "2px 8px", fontFamily: "var(--font-mono)" },
    ".cm-tooltip-autocomplete > ul > li[aria-selected]": {
      backgroundColor: "var(--color-selected)",
      color: "var(--color-text)",
    },
    ".cm-panels": {
      backgroundColor: "var(--color-raised)",
      color: "var(--color-text)",
      fontFamily: "var(--font-sans)",
      fontSize: "var(--font-size-sm)",
    },
    ".cm-panels.cm-panels-top": { borderBottom: "1px solid var(--color-border)" },
    ".cm-panels.cm-panels-bottom": { borderTop: "1px solid var(--color-border)" },
    ".cm-panel.cm-search, .cm-panel.cm-gotoLine": { padding: "6px 8px" },
    ".cm-panel input, .cm-textfield": {
      backgroundColor: "var(--color-bg)",
      color: "var(--color-text)",
      border: "1px solid var(--color-border)",
      borderRadius: "var(--radius-sm)",
      padding: "3px 6px",
      fontSize: "var(--font-size-sm)",
    },
    ".cm-panel input:focus-visible, .cm-textfield:focus-visible": {
      outline: "none",
      borderColor: "var(--color-accent)",
    },
    ".cm-button": {
      backgroundImage: "none",
      backgroundColor: "var(--color-overlay)",
      color: "var(--color-text)",
      border: "1px solid var(--color-border)",
      borderRadius: "var(--radius-sm)",
      padding: "3px 8px",
      fontSize: "var(--font-size-xs)",
    },
    ".cm-button:hover": { backgroundColor: "var(--color-hover)" },
    ".cm-panel button[name=close]": { color: "var(--color-text-secondary)", fontSize: "16px" },
    ".cm-panel label": { color: "var(--color-text-secondary)", fontSize: "var(--font-size-xs)" },
    ".cm-vim-panel, .cm-vim-panel input": { fontFamily: "var(--font-mono)" },
    ".cm-fat-cursor": { background: "rgb(138 180 255 / 60%) !important" },
    "&:not(.cm-focused) .cm-fat-cursor": {
      background: "none !important",
      outline: "1px solid rgb(138 180 255 / 60%)",
    },
  },
  { dark: true },
);

const highlight = HighlightStyle.define([
  {
    tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword, t.definitionKeyword],
    color: "#b4a5f5",
  },
  { tag: [t.string, t.special(t.string), t.regexp, t.character], color: "#a6d6a0" },
  { tag: [t.number, t.bool, t.null, t.atom, t.unit], color: "#f2bd86" },
  { tag: [t.comment, t.lineComment, t.blockComment, t.docComment], color: "#6e6e78", fontStyle: "italic" },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: "#8ab4ff" },
  { tag: [t.typeName, t.className, t.namespace, t.standard(t.typeName)], color: "#7dd3c8" },
  { tag: [t.tagName, t.angleBracket], color: "#8ab4ff" },
  { tag: [t.attributeName], color: "#c9b8f5" },
  { tag: [t.propertyName], color: "#d4d4dc" },
  { tag: [t.definition(t.variableName), t.definition(t.propertyName)], color: "#ededef" },
  { tag: [t.variableName], color: "#ededef" },
  { tag: [t.operator, t.punctuation, t.bracket, t.separator], color: "#a0a0ab" },
  { tag: [t.heading], color: "#ededef", fontWeight: "600" },
  { tag: [t.emphasis], fontStyle: "italic" },
  { tag: [t.strong], fontWeight: "600" },
  { tag: [t.link, t.url], color: "#8ab4ff", textDecoration: "underline" },
  { tag: [t.meta, t.processingInstruction], color: "#a0a0ab" },
  { tag: [t.invalid], color: "#f87171" },
]);

export const boxyardHighlighting = syntaxHighlighting(highlight);
