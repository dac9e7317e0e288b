// The end of a paged listing: loads the next page when it scrolls into view (IntersectionObserver),
// with a "Load more" button for keyboards, screen readers and browsers without the observer.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";

export function LoadMore({ isLoading, onLoad }: { isLoading: boolean; onLoad: () => void }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  // Observed afresh after each page: a new observer reports at once whether the end is still in view.
  useEffect(() => {
    const element = sentinel.current;
    if (isLoading || !element || typeof IntersectionObserver === "undefined") return;
    // Starts the next page a little before the end is on screen, so scrolling rarely waits.
    const observer = new IntersectionObserver((seen) => seen.some((entry) => entry.isIntersecting) && load.current(), {
      rootMargin: "400px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isLoading]);

  return (
    <div ref={sentinel} className="flex justify-center border-t border-slate-100 p-3 dark:border-slate-800">
      <Button size="sm" onClick={onLoad} isLoading={isLoading} data-testid="load-more">
        {isLoading ? t("explorer.loadingMore") : t("explorer.loadMore")}
      </Button>
    </div>
  );
}
