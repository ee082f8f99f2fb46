// The page #/zasady: what is stored, where, what is public, for how long and how to delete it.
import { t, useLang } from "../i18n";
import { href } from "../router";
import "../profile/profile.css";

const SECTIONS: Array<[string, string[]]> = [
  ["what", ["privacy.what.nickname", "privacy.what.key", "privacy.what.results", "privacy.what.not"]],
  ["where", ["privacy.where.server", "privacy.where.browser", "privacy.where.local"]],
  ["public", ["privacy.public.text"]],
  ["long", ["privacy.long.text"]],
  ["delete", ["privacy.delete.text"]],
];

export function PrivacyPage() {
  useLang();
  return (
    <article class="page privacy-page" aria-labelledby="privacy-title">
      <h1 id="privacy-title">{t("privacy.title")}</h1>
      <p class="lead">{t("privacy.lead")}</p>
      {SECTIONS.map(([id, keys]) => (
        <section key={id} aria-labelledby={`privacy-${id}`}>
          <h2 id={`privacy-${id}`}>{t(`privacy.${id}.title`)}</h2>
          {keys.length > 1 ? (
            <ul>
              {keys.map((key) => <li key={key}>{t(key)}</li>)}
            </ul>
          ) : (
            <p>{t(keys[0])}</p>
          )}
        </section>
      ))}
      <p><a class="button" href={href("/profil")}>{t("privacy.profile.link")}</a></p>
    </article>
  );
}
