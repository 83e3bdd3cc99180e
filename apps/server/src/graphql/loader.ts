/**
 * Collects the keys asked for in one tick and loads them with one call: resolvers of a list ask
 * for their children one by one, the database is asked once.
 */
export class BatchLoader<K, V> {
  private queue: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  private readonly cache = new Map<K, Promise<V>>();
  /** The values already loaded, readable without waiting (see `peek`). */
  private readonly settled = new Map<K, V>();

  constructor(
    private readonly batch: (keys: readonly K[]) => Promise<Map<K, V>>,
    private readonly fallback: V,
  ) {}

  load(key: K): Promise<V> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.queue.length === 0) queueMicrotask(() => void this.dispatch());
      this.queue.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  /** The value when it is loaded already; undefined otherwise (a resolver can then answer at once). */
  peek(key: K): { value: V } | undefined {
    return this.settled.has(key) ? { value: this.settled.get(key) as V } : undefined;
  }

  /** Records a value got another way (a row a list brought), so `load` and `peek` answer it. */
  prime(key: K, value: V) {
    if (this.cache.has(key)) return;
    this.cache.set(key, Promise.resolve(value));
    this.settled.set(key, value);
  }

  private async dispatch() {
    const queue = this.queue;
    this.queue = [];
    try {
      const values = await this.batch(queue.map((q) => q.key));
      for (const q of queue) {
        const value = values.get(q.key) ?? this.fallback;
        this.settled.set(q.key, value);
        q.resolve(value);
      }
    } catch (error) {
      for (const q of queue) q.reject(error);
    }
  }
}
