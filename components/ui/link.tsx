"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from "react";

/**
 * `next/link` that prefetches a page when the reader reaches for its link (hover, focus, touch) instead of when
 * the link scrolls into view. A run page shows links to pages the server renders per request (another run, the
 * comparison with the baseline, the rollouts list): prefetched on view, each cost the server a render and kept
 * the page's network busy for most of a second after it was drawn. Every link of the app is this one (ESLint
 * forbids importing next/link elsewhere); `prefetch={false}` turns the intent prefetch off too.
 */
export default function Link({
  prefetch,
  href,
  onMouseEnter,
  onFocus,
  onTouchStart,
  ...rest
}: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  const url = typeof href === "string" && href.startsWith("/") && prefetch !== false ? href : null;
  const warm = () => {
    if (url !== null) router.prefetch(url);
  };
  return (
    <NextLink
      {...rest}
      href={href}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        warm();
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        warm();
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        warm();
        onTouchStart?.(event);
      }}
    />
  );
}
