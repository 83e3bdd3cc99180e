import {
  closeStatus,
  MAX_UNAUTHORIZED_ANSWERS,
  ROOM_NOT_FOUND,
  reconnectDelay,
  type ServerMessage,
  SOCKET_PATH,
} from "@boxyard/domain";

export type TopicHandlers = {
  /** Joined (again): the reply's response, e.g. `{unread}`. Whoever listens refetches what it missed. */
  onJoin?: (response: Record<string, unknown>) => void;
  /** A pushed event of the topic. */
  onEvent?: (event: string, payload: unknown) => void;
  /** The server refused the topic ('room not found'): it is left for good. */
  onRefused?: (reason: string) => void;
};

type SocketLike = Pick<WebSocket, "send" | "close" | "readyState"> & {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type LiveSocketOptions = {
  /** The socket's token; `refresh` after the server answered 401. Throws an error with status 401 when signed out. */
  token: (refresh: boolean) => Promise<string>;
  /** The address of the socket endpoint, e.g. wss://host/api/socket. */
  url?: () => string;
  createSocket?: (url: string) => SocketLike;
  heartbeatMs?: number;
  /** How long the connection stays open without any topic (pages remounting keep it). */
  idleMs?: number;
};

const OPEN = 1;

function defaultUrl() {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}${SOCKET_PATH}`;
}

/**
 * The client side of the live socket (spec 1 §7, §8, §9): one connection for the tab, shared by
 * the topics the page follows. It reconnects with the back-off steps (10 to 2000 ms; 3000 to
 * 5000 ms after a 503), asks for a new token after a 401 and gives up after more than 4 of them,
 * rejoins its topics after each reconnection, and leaves a topic the server says does not exist.
 */
export class LiveSocket {
  private socket: SocketLike | null = null;
  private readonly topics = new Map<string, Set<TopicHandlers>>();
  private readonly joined = new Set<string>();
  /** Join requests waiting for their reply: ref → topic. */
  private readonly pendingJoins = new Map<string, string>();
  private tries = 0;
  private after503 = false;
  private unauthorized = 0;
  private refreshToken = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private refs = 0;
  private connecting = false;
  /** True after more than 4 answers of 401: no more attempts until `reset()`. */
  gaveUp = false;

  constructor(private readonly options: LiveSocketOptions) {}

  /** Follows a topic; answers the function that stops following it. */
  subscribe(topic: string, handlers: TopicHandlers): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(handlers);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.socket?.readyState === OPEN) this.join(topic);
    else void this.connect();
    return () => {
      const current = this.topics.get(topic);
      if (!current?.delete(handlers) || current.size > 0) return;
      this.topics.delete(topic);
      if (this.joined.delete(topic) && this.socket?.readyState === OPEN) {
        this.send({ topic, event: "leave", ref: this.ref() });
      }
      if (this.topics.size === 0) {
        this.idleTimer = setTimeout(() => this.disconnect(), this.options.idleMs ?? 5000);
      }
    };
  }

  /** Closes the connection and stops reconnecting (sign-out, no topic left). */
  disconnect() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.reconnectTimer = null;
    this.heartbeatTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.joined.clear();
    this.pendingJoins.clear();
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }

  /** After a new sign-in: try again from scratch. */
  reset() {
    this.gaveUp = false;
    this.unauthorized = 0;
    this.tries = 0;
    this.after503 = false;
  }

  private ref() {
    this.refs += 1;
    return String(this.refs);
  }

  private send(message: unknown) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private join(topic: string) {
    if (this.joined.has(topic)) return;
    this.joined.add(topic);
    const ref = this.ref();
    this.pendingJoins.set(ref, topic);
    this.send({ topic, event: "join", ref });
  }

  private async connect() {
    if (this.socket || this.connecting || this.reconnectTimer || this.gaveUp || this.topics.size === 0)
      return;
    this.connecting = true;
    let token: string;
    try {
      token = await this.options.token(this.refreshToken);
      this.refreshToken = false;
    } catch (error) {
      this.connecting = false;
      const status = (error as { status?: number }).status;
      return this.retry(status === 401 ? 401 : null);
    }
    this.connecting = false;
    if (this.topics.size === 0 || this.socket) return;
    const url = `${(this.options.url ?? defaultUrl)()}?token=${encodeURIComponent(token)}`;
    const socket = (this.options.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike))(
      url,
    );
    this.socket = socket;
    socket.onopen = () => {
      this.tries = 0;
      for (const topic of this.topics.keys()) this.join(topic);
      this.heartbeatTimer = setInterval(
        () => this.send({ topic: "", event: "heartbeat", ref: this.ref() }),
        this.options.heartbeatMs ?? 30_000,
      );
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.joined.clear();
      this.pendingJoins.clear();
      if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
      this.heartbeatTimer = null;
      this.retry(closeStatus(event.code));
    };
  }

  private retry(status: 401 | 503 | null) {
    if (status === 401) {
      this.unauthorized += 1;
      this.refreshToken = true;
      if (this.unauthorized > MAX_UNAUTHORIZED_ANSWERS) {
        this.gaveUp = true;
        return;
      }
    }
    if (status === 503) this.after503 = true;
    if (this.topics.size === 0) return;
    this.tries += 1;
    const delay = reconnectDelay(this.tries, this.after503);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
  }

  private receive(raw: string) {
    let message: ServerMessage;
    try {
      message = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    const handlers = [...(this.topics.get(message.topic) ?? [])];
    if (message.event === "reply") {
      const { payload, ref } = message;
      const joining = ref !== null && this.pendingJoins.get(ref) === message.topic;
      if (ref !== null) this.pendingJoins.delete(ref);
      if (payload.status === "ok") {
        if (!joining) return;
        // A successful join: the token is good, and the 503 slow-down is over.
        this.unauthorized = 0;
        this.after503 = false;
        for (const h of handlers) h.onJoin?.(payload.response);
        return;
      }
      // Refused at join, or later (no longer a member of the workspace): leave it for good.
      if (payload.response.reason === ROOM_NOT_FOUND && this.topics.has(message.topic)) {
        this.joined.delete(message.topic);
        this.topics.delete(message.topic);
        for (const h of handlers) h.onRefused?.(ROOM_NOT_FOUND);
      }
      return;
    }
    for (const h of handlers) h.onEvent?.(message.event, message.payload);
  }
}
