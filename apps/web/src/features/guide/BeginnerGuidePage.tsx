import { useState } from "react";
import { BEGINNER_GUIDE } from "@fitwise/engine/guide/beginner-guide";
import { Accordion } from "../../components/Accordion";
import { PageTitle } from "../../components/PageTitle";
import styles from "./BeginnerGuidePage.module.css";

const SECTIONS = BEGINNER_GUIDE.map((section, index) => ({
  key: section.id,
  header: (
    <span className={styles.sectionHeader}>
      <span className={styles.number} aria-hidden="true">
        {index + 1}
      </span>
      {section.title}
    </span>
  ),
  content: (
    <div className={styles.panel}>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  ),
}));

export function BeginnerGuidePage() {
  // docs/product.md §3.10: one section open at a time and clicking the open one closes it. The first starts open so the
  // page shows advice straight away.
  const [openKey, setOpenKey] = useState<string | null>(BEGINNER_GUIDE[0]?.id ?? null);

  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <PageTitle>Beginner Guide</PageTitle>
        <p className={styles.lead}>
          New to tracking food or lifting weights? Start here. These six short sections cover what makes the
          biggest difference in your first months — and you can ask Alex about any of them in the chat.
        </p>
      </header>

      <Accordion
        sections={SECTIONS}
        openKey={openKey}
        onToggle={(key) => setOpenKey((current) => (current === key ? null : key))}
      />

      <p className={styles.disclaimer}>
        This guide is general information, not medical advice. If you have a medical condition or an injury,
        talk to a doctor or physiotherapist first.
      </p>
    </article>
  );
}
