/**
 * `next/link` for the static bundle: the app's href as a route of the bundle's one page, followed by history as
 * Next's client navigation does; a page the bundle does not hold is shown as plain text.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import { bundleHref, isAnchorOnRoute, navigate, scrollToAnchor } from "./bundle-state";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  children?: ReactNode;
  prefetch?: boolean | null;
  scroll?: boolean;
  replace?: boolean;
};

export default function Link({
  href,
  children,
  prefetch: _prefetch,
  scroll: _scroll,
  replace,
  onClick,
  ...rest
}: Props) {
  const target = bundleHref(href);
  if (target === null)
    return (
      <span className={rest.className} title="Not part of this shared copy">
        {children}
      </span>
    );
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !plain || !target.samePage) return;
    event.preventDefault();
    if (isAnchorOnRoute(href)) return scrollToAnchor(href);
    navigate(href, replace ? "replace" : "push");
    if (!target.href.includes("#/")) scrollToAnchor(target.href);
  };
  return (
    <a {...rest} href={target.href} onClick={follow}>
      {children}
    </a>
  );
}
