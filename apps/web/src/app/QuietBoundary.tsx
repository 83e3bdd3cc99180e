import { Component, type ReactNode } from "react";
import { reportCrash } from "./ErrorBoundary.tsx";

type Props = { children: (attempt: number) => ReactNode };
type State = { failed: boolean; attempt: number };

/**
 * For pieces beside the page (the toaster): when one fails, most often because its code could not
 * be fetched while offline, it shows nothing instead of taking the app down, and tries again when
 * the browser is back online (`children` gets the attempt's number, to make a fresh lazy piece).
 */
export class QuietBoundary extends Component<Props, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportCrash(error);
    window.addEventListener("online", this.retry, { once: true });
  }

  override componentWillUnmount() {
    window.removeEventListener("online", this.retry);
  }

  private retry = () => this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }));

  override render() {
    return this.state.failed ? null : this.props.children(this.state.attempt);
  }
}
