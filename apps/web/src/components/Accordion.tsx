import { useId } from "react";
import type { ReactNode } from "react";
import styles from "./Accordion.module.css";

export interface AccordionSection<K extends string> {
  key: K;
  /** Header content; a colour or totals may be added here by the caller. */
  header: ReactNode;
  content: ReactNode;
}

export interface AccordionProps<K extends string> {
  sections: readonly AccordionSection<K>[];
  /** The open section, or null when all are closed: one open at a time (docs/product.md §3.6, §3.10: diet groups, beginner guide). */
  openKey: K | null;
  onToggle(key: NoInfer<K>): void;
  /** Heading level of the section headers, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
}

/** WAI-ARIA accordion: each header is a button in a heading with aria-expanded; clicking the open one closes it. */
export function Accordion<K extends string>({
  sections,
  openKey,
  onToggle,
  headingLevel = 2,
}: AccordionProps<K>) {
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.accordion}>
      {sections.map((section) => {
        const isOpen = section.key === openKey;
        const buttonId = `${baseId}-${section.key}-button`;
        const panelId = `${baseId}-${section.key}-panel`;
        return (
          <div key={section.key} className={styles.section}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={buttonId}
                className={styles.trigger}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => onToggle(section.key)}
              >
                <span className={styles.headerContent}>{section.header}</span>
                <span className={styles.chevron} aria-hidden="true" data-open={isOpen} />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className={styles.panel}
            >
              {isOpen ? section.content : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
