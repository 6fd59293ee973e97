import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "../components/Button";
import { PageTitle } from "../components/PageTitle";
import styles from "./RouteError.module.css";

/** A failed lazy chunk means a new version was deployed since the page loaded; reloading fetches it. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|Loading chunk/i.test(
      error.message,
    )
  );
}

/** The fallback for any error thrown while rendering or loading a route (docs/product.md §9). */
export function RouteError() {
  const error = useRouteError();
  const message = isChunkLoadError(error)
    ? "Part of the app failed to load. Reloading usually fixes this."
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : "Something went wrong on this page.";
  return (
    <section className={styles.page}>
      <PageTitle>Unexpected Application Error!</PageTitle>
      <p>{message}</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </section>
  );
}
