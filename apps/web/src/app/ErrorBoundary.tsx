import { Component, type ErrorInfo, type ReactNode } from "react";

type Props = {
  /** The boundary resets when this changes (the location). */
  resetKey: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
};

type State = { error: unknown; hasError: boolean; key: string };

/** Shows the crash page for a render error; resets when the location changes (spec 1 §2). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.key) return { key: props.resetKey, error: null, hasError: false };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportCrash(error, info.componentStack ?? undefined);
  }

  override render() {
    return this.state.hasError ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** The error report: logged to the console (the installation's log collector picks it up). */
export function reportCrash(error: unknown, componentStack?: string) {
  console.error("[crash report]", error, componentStack ?? "");
}
