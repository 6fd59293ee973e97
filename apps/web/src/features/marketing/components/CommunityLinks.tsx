import { SITE_CONFIG } from "../../../lib/site-config";
import styles from "./CommunityLinks.module.css";

/**
 * docs/product.md §2: the landing page links to the community chat, the blog and social profiles. Each comes
 * from the operator's settings (COMMUNITY_URL, BLOG_URL, SOCIAL_LINKS) and is left out while unset; with none
 * set, the section is not shown at all.
 */
export function CommunityLinks() {
  const { community, blog, social } = SITE_CONFIG.links;
  const links = [
    ...(community ? [{ name: "Community chat", url: community }] : []),
    ...(blog ? [{ name: "Blog", url: blog }] : []),
    ...social,
  ];
  if (links.length === 0) return null;
  return (
    <section className={styles.community} aria-labelledby="community-title">
      <h2 id="community-title" className={styles.title}>
        Train with others
      </h2>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={`${link.name} ${link.url}`}>
            <a className={styles.link} href={link.url} target="_blank" rel="noopener noreferrer">
              {link.name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
