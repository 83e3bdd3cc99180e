/** True for the 'Canceled' rejections of aborted work, which are silenced (spec 1 §8). */
export function isCanceledRejection(reason: unknown): boolean {
  if (reason === "Canceled") return true;
  if (reason && typeof reason === "object") {
    const { name, message } = reason as { name?: unknown; message?: unknown };
    return message === "Canceled" || name === "Canceled" || name === "CanceledError";
  }
  return false;
}

export function silenceCanceledRejections(target: Window = window) {
  target.addEventListener("unhandledrejection", (event) => {
    if (isCanceledRejection(event.reason)) event.preventDefault();
  });
}
