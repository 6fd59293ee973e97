import { Link, useLocation } from "react-router";
import { isCurrent, TAB_BAR_ITEMS } from "./nav-items";
import { NavIcon } from "./NavIcon";
import styles from "./Shell.module.css";

/** Bottom tab bar for signed-in users at ≤ 768 px; the current screen's tab is highlighted and marked aria-current. */
export function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Tab bar" className={styles.tabBar} data-testid="tab-bar">
      <ul className={styles.tabList}>
        {TAB_BAR_ITEMS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={styles.tabLink}
              aria-current={isCurrent(item, pathname) ? "page" : undefined}
            >
              <NavIcon name={item.icon} />
              <span>{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
