// A part of the Upload screen loaded when it is first shown (the upload list once something is added,
// the URL form when its tab is chosen, the recent uploads once there are some), so opening the screen
// downloads only what it shows then (docs/performance.md, Page weight). A part that fails to load (its chunk did not
// arrive) says so in its place with a way to try again; the rest of the screen stays usable.
import { type ComponentType, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { LazyBoundary } from "../../components/feedback/lazy-boundary";
import { Spinner } from "../../components/feedback/spinner";

export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const make = () => lazy(async () => ({ default: await load() }));
  let Part = make();
  // biome-ignore lint/correctness/noComponentHookFactories: like React's own lazy(), this runs once per part at module level, so the component it returns is the same on every render.
  return function LazyPart(props: Props) {
    const { t } = useTranslation();
    // A failed import() stays failed in its lazy(): a new one tries the network again.
    const [, setAttempt] = useState(0);
    return (
      <LazyBoundary
        fallback={(retry) => (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-amber-800 dark:text-amber-200">
            {t("files.partFailed")}
            <Button
              size="sm"
              onClick={() => {
                Part = make();
                setAttempt((attempt) => attempt + 1);
                retry();
              }}
            >
              {t("common.retry")}
            </Button>
          </div>
        )}
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-4 text-indigo-500">
              <Spinner />
            </div>
          }
        >
          <Part {...props} />
        </Suspense>
      </LazyBoundary>
    );
  };
}
