import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import styles from "./CodeView.module.css";
import { languageOf } from "./language.ts";
import "./code-theme.css";

/** The highlighter is its own piece, loaded the first time a file is shown. */
const highlighterQuery = {
  queryKey: ["highlighter"],
  queryFn: () => import("./highlight.ts"),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  meta: { silent: true },
} as const;

const IMAGE = /\.(png|jpe?g|gif|webp|svg|ico|avif)$/i;

/** A file's contents, read-only: highlighted code with line numbers, or a binary file's preview. */
export function CodeView({ name, code, isBinary }: { name: string; code: string; isBinary: boolean }) {
  const highlighter = useQuery(highlighterQuery);
  const language = languageOf(name);
  const html = useMemo(
    () => (isBinary || !highlighter.data ? null : highlighter.data.highlight(code, language)),
    [highlighter.data, code, language, isBinary],
  );

  if (isBinary) {
    const source = code.startsWith("https://") || code.startsWith("data:image/") ? code : null;
    return (
      <div className={styles.binary}>
        {source && IMAGE.test(name) ? <img src={source} alt={name} className={styles.image} /> : null}
        <p>
          {source
            ? "A binary file, stored as a link to its contents."
            : "A binary file: its contents are not shown."}
        </p>
      </div>
    );
  }

  const lines = code.endsWith("\n") ? code.slice(0, -1).split("\n").length : code.split("\n").length;
  return (
    <div className={styles.viewer} data-language={language} aria-busy={highlighter.isPending || undefined}>
      <pre className={styles.gutter} aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => i + 1).join("\n")}
      </pre>
      <pre className={styles.code}>
        {html === null ? (
          <code className="hljs">{code}</code>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js escapes the code it returns.
          <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
    </div>
  );
}
