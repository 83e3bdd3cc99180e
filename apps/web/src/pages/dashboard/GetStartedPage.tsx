import type { ReactNode } from "react";
import { Link } from "react-router";
import { config } from "../../app/config.ts";
import { BoxIcon, ExternalIcon, FolderIcon, GitHubIcon, PlusIcon, TerminalIcon } from "../../ui/Icon.tsx";
import styles from "./DashboardPage.module.css";
import { DashboardPage } from "./DashboardPage.tsx";

type Card = { title: string; text: string; icon: ReactNode; to?: string; href?: string };

const GET_STARTED: Card[] = [
  {
    title: "Start from a template",
    text: "Pick an official template and get a running sandbox or devbox in seconds.",
    icon: <BoxIcon />,
    to: "/templates",
  },
  {
    title: "Import a repository",
    text: "Bring a GitHub repository in and work on each branch in its own devbox.",
    icon: <GitHubIcon />,
    to: "/s/github",
  },
  {
    title: "Create a workspace for your team",
    text: "Workspaces keep a team's sandboxes, devboxes and repositories together.",
    icon: <PlusIcon />,
    to: "/create-workspace",
  },
];

const OPTIMIZE: Card[] = [
  {
    title: "Organise work in folders",
    text: "Group sandboxes and devboxes in nested folders that your whole workspace shares.",
    icon: <FolderIcon />,
    to: "/dashboard/sandboxes",
  },
  {
    title: "Sign in from the command line",
    text: "Use an auth code to work with Boxyard from your terminal or editor.",
    icon: <TerminalIcon />,
    to: "/s/cli",
  },
  {
    title: "Read the documentation",
    text: "Guides and reference for everything Boxyard does.",
    icon: <ExternalIcon />,
    href: config.docsUrl,
  },
];

function Cards({ cards }: { cards: Card[] }) {
  return (
    <ul className={styles.cards}>
      {cards.map((card) => {
        const body = (
          <>
            <span className={styles.cardIcon}>{card.icon}</span>
            <span className={styles.cardTitle}>{card.title}</span>
            <span className={styles.cardText}>{card.text}</span>
          </>
        );
        return (
          <li key={card.title}>
            {card.href ? (
              <a href={card.href} target="_blank" rel="noopener noreferrer" className={styles.card}>
                {body}
              </a>
            ) : (
              <Link to={card.to ?? "/"} className={styles.card}>
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** /dashboard/get-started (spec 1 §2). */
export function GetStartedPage() {
  return (
    <DashboardPage title="Get started">
      <section className={styles.section} aria-labelledby="get-started-with">
        <h2 id="get-started-with" className={styles.sectionTitle}>
          Get started with {config.productName}
        </h2>
        <Cards cards={GET_STARTED} />
      </section>
      <section className={styles.section} aria-labelledby="optimize">
        <h2 id="optimize" className={styles.sectionTitle}>
          Optimize your workflow
        </h2>
        <Cards cards={OPTIMIZE} />
      </section>
    </DashboardPage>
  );
}
