import { useId } from "react";
import { GitHubIcon } from "../../ui/Icon.tsx";
import { useSession } from "../session/SessionProvider.tsx";
import styles from "./CodeHostNotSetUp.module.css";
import { githubProfileOf } from "./githubScopes.ts";

export const CODE_HOST_TEXTS = {
  title: "GitHub is not set up on this installation",
  lead: "Importing repositories and contributing to open-source ones go through GitHub, which this Boxyard installation is not connected to.",
  admins: "If you run this installation:",
} as const;

/**
 * Whether the code host is out of reach for the signed-in user: the installation has no GitHub
 * app (the server says so in its features) and the user has no GitHub account linked from before.
 */
export function useCodeHostMissing(): boolean {
  const { features, user } = useSession();
  return features !== undefined && !features.loginWithGithub && githubProfileOf(user) === null;
}

/**
 * Says that GitHub is not set up (instead of 'No organizations found' or 'Repository not found on
 * GitHub'), and how the people who run the installation set it up (README, 'Code host').
 */
export function CodeHostNotSetUp({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const callback = `${window.location.origin}/auth/github/callback`;
  const headingId = useId();
  return (
    <section className={styles.box} aria-labelledby={headingId}>
      <GitHubIcon size={28} />
      <Heading id={headingId} className={styles.title}>
        {CODE_HOST_TEXTS.title}
      </Heading>
      <p>{CODE_HOST_TEXTS.lead}</p>
      <p className={styles.admins}>
        {CODE_HOST_TEXTS.admins} create a GitHub OAuth app with the callback URL <code>{callback}</code>, set{" "}
        <code>GITHUB_CLIENT_ID</code> and <code>GITHUB_CLIENT_SECRET</code> to its client ID and secret, and
        restart Boxyard. People then connect their GitHub account from the import dialog.
      </p>
    </section>
  );
}
