import DataLoader from "dataloader";

/** The most keys one call of a loader's batch function gets: its SQL `IN` list stays bounded. */
export const MAX_BATCH_SIZE = 1000;

/**
 * DataLoader (keys asked for in one tick loaded together, each key once per request) with the
 * shape the GraphQL loaders share: the batch answers a map, keys it leaves out get `fallback`,
 * and `peek` reads a value already loaded without waiting, so big lists stay synchronous.
 */
export class BatchLoader<K, V> {
  private readonly loader: DataLoader<K, V>;
  /** The values already loaded or primed (see `peek`). */
  private readonly settled = new Map<K, V>();

  constructor(batch: (keys: readonly K[]) => Promise<Map<K, V>>, fallback: V) {
    this.loader = new DataLoader<K, V>(
      async (keys) => {
        const values = await batch(keys);
        return keys.map((key) => {
          const value = values.get(key) ?? fallback;
          this.settled.set(key, value);
          return value;
        });
      },
      { maxBatchSize: MAX_BATCH_SIZE },
    );
  }

  load(key: K): Promise<V> {
    return this.loader.load(key);
  }

  /** The value when it is loaded already; undefined otherwise (a resolver can then answer at once). */
  peek(key: K): { value: V } | undefined {
    return this.settled.has(key) ? { value: this.settled.get(key) as V } : undefined;
  }

  /**
   * Records a value got another way (a row a list brought), so `load` and `peek` answer it; a key
   * loaded already keeps its value.
   */
  prime(key: K, value: V) {
    if (this.settled.has(key)) return;
    this.loader.prime(key, value);
    this.settled.set(key, value);
  }
}
