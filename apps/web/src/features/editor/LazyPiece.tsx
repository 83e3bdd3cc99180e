import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";
import { loadChunk } from "../../app/lazyPage.ts";
import { Button } from "../../ui/Button.tsx";
import styles from "./LazyPiece.module.css";

type BoundaryProps = { children: ReactNode; onRetry: () => void };

/** Catches a piece that could not be loaded, so that the rest of the editor (and its text) stays. */
class PieceBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn("A piece of the editor could not be loaded", error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.failed} role="alert">
        <p>This part of the editor could not be loaded. Check your connection, then try again.</p>
        <Button size="sm" onClick={this.props.onRetry}>
          Try again
        </Button>
      </div>
    );
  }
}

/**
 * A component of the editor loaded on demand (its own piece of the build). If the piece cannot be
 * loaded (offline, a deploy replaced it) it says so in place, with 'Try again', instead of taking
 * the page down: unsaved text stays where it is.
 */
export function lazyPiece<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchPiece = () => {
    loading ??= loadChunk(name, load).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const make = () => lazy(async () => ({ default: await fetchPiece() }));
  let loaded = make();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per piece at module level, like React.lazy.
  function Piece({ fallback, ...props }: P & { fallback: ReactNode }) {
    const [attempt, setAttempt] = useState(0);
    const Loaded = loaded;
    return (
      <PieceBoundary
        key={attempt}
        onRetry={() => {
          loaded = make();
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={fallback}>
          <Loaded {...(props as P)} />
        </Suspense>
      </PieceBoundary>
    );
  }
  /** Starts loading the piece before it is shown (a failure is told when it is shown). */
  Piece.preload = () => void fetchPiece().catch(() => undefined);
  return Piece;
}
