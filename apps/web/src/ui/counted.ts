const compact = new Intl.NumberFormat("en", { notation: "compact" });

/** A count with its noun: "1 view", "1.2K views". */
export const counted = (n: number, noun: string) => `${compact.format(n)} ${n === 1 ? noun : `${noun}s`}`;
