import { Link } from "react-router";
import { PageTitle } from "../components/PageTitle";
import styles from "./RouteError.module.css";

export function NotFoundPage() {
  return (
    <section className={styles.page}>
      <PageTitle>Page not found</PageTitle>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
