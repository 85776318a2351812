import type { PickItem } from "#client/lib/pick-item.ts";
import { stripSurvivorPrefix } from "#shared/lists.ts";
import "./season-picker.css";

/**
 * What follows the pointer while a picker item is dragged. The page that owns
 * the DndContext renders it inside its <DragOverlay> for `source: "picker"` drags.
 */
export function PickItemPreview({ item }: { item: PickItem }) {
  return (
    <div className={`sp-preview${item.isSeason ? " is-season" : ""}`}>
      <img src={item.imageUrl} alt="" width={40} height={40} draggable={false} />
      <span className="sp-preview-text">
        <span className="sp-preview-name">{item.isSeason ? stripSurvivorPrefix(item.name) : item.name}</span>
        {!item.isSeason && <span className="sp-preview-season">{item.seasonName}</span>}
      </span>
    </div>
  );
}
