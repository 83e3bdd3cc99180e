import { useNavigate, useSearchParams } from "react-router";
import { ImportScreen } from "../../features/import-repo/ImportScreen.tsx";
import { parseRepositoryInput } from "../../features/import-repo/importStep.ts";
import { Logo } from "../../ui/Logo.tsx";
import { useDocumentTitle } from "../../ui/useDocumentTitle.ts";
import styles from "./StandalonePage.module.css";

/**
 * /standalone/import (spec 2 §2.2): the import screen on its own. `import_repo=owner/name`
 * prefills it and `workspace` picks the workspace; an import opens the new branch.
 */
export function StandaloneImport() {
  useDocumentTitle("Import repository");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Logo />
        <span className={styles.title}>Import repository</span>
      </header>
      <main className={styles.screen}>
        <ImportScreen
          teamId={params.get("workspace")}
          prefill={parseRepositoryInput(params.get("import_repo") ?? "")}
          onDone={(path) => navigate(path)}
        />
      </main>
    </div>
  );
}
