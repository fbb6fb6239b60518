import type { useTranslations } from "use-intl";

/** The translator over the whole catalogue (`useTranslations()` without a namespace). */
export type CatalogueTranslator = ReturnType<typeof useTranslations<never>>;

/**
 * A text a shared page wrapper shows, picked by the page at its definition: `(t) => t("integrations.clientOnly")`.
 * A function rather than a key, so that use-intl checks the key (and its arguments) where it is written.
 */
export type PageText = (t: CatalogueTranslator) => string;
