import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "../../ui/Button.tsx";
import { CloseIcon } from "../../ui/Icon.tsx";
import { Logo } from "../../ui/Logo.tsx";
import { useDocumentTitle } from "../../ui/useDocumentTitle.ts";
import styles from "./FlowFrame.module.css";

/** The frame of a multi-step billing flow: title, step list, dismiss, the step, and a side panel. */
export function FlowFrame<S extends string>({
  title,
  steps,
  step,
  stepLabels,
  onDismiss,
  aside,
  children,
}: {
  title: string;
  steps: readonly S[];
  step: S;
  stepLabels: Record<S, string>;
  onDismiss: () => void;
  aside?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const current = steps.indexOf(step);

  // Moving to another step puts keyboard and screen-reader focus on its heading (not on first load:
  // the first step focuses its own field).
  const content = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const heading = content.current?.querySelector<HTMLElement>("h2");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: false });
  }, [step]);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo />
        <h1 className={styles.title}>{title}</h1>
        <ol className={styles.steps} aria-label="Steps">
          {steps.map((s, index) => (
            <li key={s} aria-current={s === step ? "step" : undefined} data-done={index < current}>
              {stepLabels[s]}
            </li>
          ))}
        </ol>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label="Dismiss"
          className={styles.close}
          onClick={onDismiss}
        >
          <CloseIcon size={14} />
        </Button>
      </header>
      <main className={styles.body} data-with-aside={Boolean(aside)}>
        <div ref={content} className={styles.content}>
          {children}
        </div>
        {aside && <div className={styles.aside}>{aside}</div>}
      </main>
    </div>
  );
}

/** The buttons under a step: Back on the left, the next action on the right. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
