"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, type ReactNode } from "react";
import styles from "./whatif.module.css";

/**
 * A scrolling list that renders only the rows in view (a run may have 120,000 checks). Rows are measured,
 * so they may wrap on narrow screens.
 */
export function VirtualList({
  count,
  estimate,
  itemKey,
  renderItem,
  label,
  testId,
}: {
  count: number;
  estimate: (index: number) => number;
  itemKey: (index: number) => string;
  renderItem: (index: number) => ReactNode;
  label: string;
  testId?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: estimate,
    getItemKey: itemKey,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scroller} className={styles.scroller} role="list" aria-label={label} data-testid={testId}>
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {items.map((item) => (
          <div
            key={item.key}
            role="listitem"
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={styles.virtualRow}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {renderItem(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
