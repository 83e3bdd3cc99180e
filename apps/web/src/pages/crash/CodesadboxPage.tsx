/** /codesadbox: a deliberate crash, to check the crash page and the error report (spec 1 §2). */
export function CodesadboxPage(): never {
  throw new Error("This is a deliberate crash (/codesadbox)");
}
