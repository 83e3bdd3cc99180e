/**
 * Collects the keys asked for in one tick and loads them with one call: resolvers of a list ask
 * for their children one by one, the database is asked once.
 */
export class BatchLoader<K, V> {
  private queue: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  private readonly cache = new Map<K, Promise<V>>();

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

  private async dispatch() {
    const queue = this.queue;
    this.queue = [];
    try {
      const values = await this.batch(queue.map((q) => q.key));
      for (const q of queue) q.resolve(values.get(q.key) ?? this.fallback);
    } catch (error) {
      for (const q of queue) q.reject(error);
    }
  }
}
