/**
 * Answers of workspace searches, each kept with the workspace's search version it was computed at
 * (`search_versions`, kept by triggers on what the answers show): an
 * answer is used only while that version is current, so a change anywhere in the workspace, made
 * by any replica, retires every answer of it. Least recently used answers leave first; identical
 * searches asked together are computed once.
 */
export class SearchCache<T> {
  readonly #entries = new Map<string, { version: number; answer: T }>();
  readonly #pending = new Map<string, Promise<T>>();

  /** An answer holds up to 50 sandboxes (some 50 kB): 500 answers stay within some 25 MB. */
  constructor(readonly capacity = 500) {}

  /** The answer for `key` at `version`: remembered, or computed by `compute` and remembered. */
  async through(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry && entry.version === version) {
      // Map order is the recency order: move the entry to the end.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.answer;
    }
    const flight = `${version}\n${key}`;
    const pending = this.#pending.get(flight);
    if (pending) return pending;
    const computing = compute();
    this.#pending.set(flight, computing);
    try {
      const answer = await computing;
      this.#remember(key, version, answer);
      return answer;
    } finally {
      this.#pending.delete(flight);
    }
  }

  #remember(key: string, version: number, answer: T) {
    const current = this.#entries.get(key);
    // A slower, older computation must not replace a newer answer.
    if (current && current.version > version) return;
    this.#entries.delete(key);
    this.#entries.set(key, { version, answer });
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
