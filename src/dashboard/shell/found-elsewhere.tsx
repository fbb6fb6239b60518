"use client";

import { useQueryStates } from "nuqs";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { trpc, type RouterInputs, type RouterOutputs } from "../trpc";
import { ErrorAlert } from "../ui/alert";
import { parseAsEnvironment, parseAsIntegration, withScope } from "../url-state";
import { useCurrentIntegration } from "./use-current-integration";

export type LocatableKind = RouterInputs["search"]["locate"]["kind"];
type Place = RouterOutputs["search"]["locate"]["places"][number];

/**
 * Whether the URL names another environment or Integration than the current one, which the top bar is about to
 * switch to (EnvironmentSwitch, IntegrationPicker): a page's "not found" until then is the old scope's answer.
 */
function useScopeSwitchPending(): boolean {
  const me = trpc.session.me.useQuery();
  const [url] = useQueryStates({ env: parseAsEnvironment, integration: parseAsIntegration });
  const { integrations, current, isLoading } = useCurrentIntegration(me.data?.role === "client");
  if (!me.data) return true;
  if (url.env !== null && url.env !== me.data.environment) return true;
  if (url.integration === null) return false;
  if (isLoading) return true;
  // An Integration the account does not have in this environment is ignored by the picker, and so here.
  return integrations.some((i) => i.id === url.integration) && current?.id !== url.integration;
}

/**
 * A detail page's "not found" in the current environment and Integration: where the account has the object
 * instead (search.locate), with a switch to each place, which puts that scope in the URL for the top bar to
 * apply, as a shared link does. Nowhere (or another account's id): the page's own not-found text.
 */
export function FoundElsewhere({ kind, id, notFound }: { kind: LocatableKind; id: string; notFound: string }) {
  const t = useTranslations("shell.elsewhere");
  const environmentName = useTranslations("shell.environment");
  const common = useTranslations("common");
  const router = useRouter();
  const pathname = usePathname();
  const pending = useScopeSwitchPending();
  const located = trpc.search.locate.useQuery({ kind, id }, { enabled: !pending, retry: false });

  if (pending || located.isPending) return <p className="page-message">{common("loading")}</p>;
  // A refusal (an id no page could have, a webhook to a member) says no more than "not found".
  const places = located.data?.places ?? [];
  if (places.length === 0) return <ErrorAlert>{notFound}</ErrorAlert>;

  const switchTo = (place: Place) => router.replace(withScope(pathname, { env: place.environment, integration: place.integration?.id ?? null }));
  return (
    <div className="alert alert-info found-elsewhere" role="status">
      {places.map((place) => {
        const environment = environmentName(place.environment);
        const integration = place.integration?.name;
        return (
          <p key={`${place.environment}:${place.integration?.id ?? ""}`}>
            <span>{integration ? t("inIntegration", { kind, environment, integration }) : t("inEnvironment", { kind, environment })}</span>{" "}
            <button type="button" className="button button-small" onClick={() => switchTo(place)}>
              {integration ? t("switchToIntegration", { environment, integration }) : t("switchToEnvironment", { environment })}
            </button>
          </p>
        );
      })}
    </div>
  );
}
