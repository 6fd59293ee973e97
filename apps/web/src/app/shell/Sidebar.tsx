import { Link, useLocation } from "react-router";
import { isCurrent, SIDE_MENU_ITEMS } from "./nav-items";
import { NavIcon } from "./NavIcon";
import styles from "./Shell.module.css";

/** Side menu for signed-in users on wide screens; hidden at ≤ 768 px, where the tab bar takes over. */
export function Sidebar() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Side menu" className={styles.sidebar} data-testid="sidebar">
      <ul className={styles.sideList}>
        {SIDE_MENU_ITEMS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={styles.sideLink}
              aria-current={isCurrent(item, pathname) ? "page" : undefined}
            >
              <NavIcon name={item.icon} />
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
