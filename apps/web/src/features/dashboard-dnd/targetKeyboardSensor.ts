import type { Activators, ClientRect, DroppableContainer, SensorInstance, SensorProps } from "@dnd-kit/core";
import { dropDataOf } from "./dragTypes.ts";

export type TargetKeyboardOptions = {
  /** Only targets that accept the dragged items are visited. */
  accepts: (container: DroppableContainer) => boolean;
};

type Target = { container: DroppableContainer; rect: ClientRect; region: number };

/**
 * Moving with the keyboard (DESIGN.md: every action by keyboard): Space on the grid picks the
 * selection up, the arrow keys (or Tab) step from one drop target to the next (the sidebar's,
 * then the grid's folders), Space or Enter drops, Escape cancels. The dragged preview jumps onto
 * each target, and dnd-kit's closest-centre collision picks it.
 */
export class TargetKeyboardSensor implements SensorInstance {
  autoScrollEnabled = false;

  static activators: Activators<TargetKeyboardOptions> = [
    {
      eventName: "onKeyDown",
      handler: ({ nativeEvent }: { nativeEvent: KeyboardEvent }, _options, _context) => {
        if (nativeEvent.key !== " ") return false;
        nativeEvent.preventDefault();
        return true;
      },
    },
  ];

  private index = -1;
  private translate = { x: 0, y: 0 };
  private readonly doc: Document;

  constructor(private readonly props: SensorProps<TargetKeyboardOptions>) {
    this.doc = (props.event.target as Node | null)?.ownerDocument ?? document;
    this.onKeyDown = this.onKeyDown.bind(this);
    this.cancel = this.cancel.bind(this);
    props.onStart({ x: 0, y: 0 });
    // The key that started the drag must not end it.
    setTimeout(() => this.doc.addEventListener("keydown", this.onKeyDown));
    this.doc.defaultView?.addEventListener("resize", this.cancel);
  }

  private onKeyDown(event: KeyboardEvent) {
    switch (event.key) {
      case "Escape":
        event.preventDefault();
        this.detach();
        this.props.onCancel();
        return;
      case " ":
      case "Enter":
        event.preventDefault();
        this.detach();
        this.props.onEnd();
        return;
      case "ArrowDown":
      case "ArrowRight":
        this.step(event, 1);
        return;
      case "ArrowUp":
      case "ArrowLeft":
        this.step(event, -1);
        return;
      case "Tab":
        this.step(event, event.shiftKey ? -1 : 1);
        return;
    }
  }

  private step(event: KeyboardEvent, direction: 1 | -1) {
    event.preventDefault();
    const { droppableContainers, droppableRects, collisionRect } = this.props.context.current;
    if (!collisionRect) return;
    const targets: Target[] = [];
    for (const container of droppableContainers.getEnabled()) {
      const rect = droppableRects.get(container.id);
      if (!rect || !this.props.options.accepts(container)) continue;
      const region = dropDataOf(container.data.current)?.region === "grid" ? 1 : 0;
      targets.push({ container, rect, region });
    }
    if (targets.length === 0) return;
    targets.sort((a, b) => a.region - b.region || a.rect.top - b.rect.top || a.rect.left - b.rect.left);
    this.index =
      this.index < 0
        ? direction > 0
          ? 0
          : targets.length - 1
        : (this.index + direction + targets.length) % targets.length;
    const { rect } = targets[this.index]!;
    // Centre the dragged preview on the target.
    const origin = { x: collisionRect.left - this.translate.x, y: collisionRect.top - this.translate.y };
    this.translate = {
      x: rect.left + rect.width / 2 - collisionRect.width / 2 - origin.x,
      y: rect.top + rect.height / 2 - collisionRect.height / 2 - origin.y,
    };
    this.props.onMove(this.translate);
  }

  private cancel() {
    this.detach();
    this.props.onCancel();
  }

  private detach() {
    this.doc.removeEventListener("keydown", this.onKeyDown);
    this.doc.defaultView?.removeEventListener("resize", this.cancel);
  }
}
