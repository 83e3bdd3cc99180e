/** A file of an official template's starter: its path in the sandbox and its text. */
export type StarterFile = { path: string; code: string };

/** package.json text, two-space indented with a final newline, as npm writes it. */
export function packageJson(value: Record<string, unknown>): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A README that says what the template is and how to run it. */
export function readme(title: string, intro: string, commands: readonly [string, string][]): string {
  const lines = [`# ${title}`, "", intro, ""];
  if (commands.length > 0) {
    lines.push("## Scripts", "");
    for (const [command, what] of commands) lines.push(`- \`${command}\`: ${what}`);
    lines.push("");
  }
  return lines.join("\n");
}
