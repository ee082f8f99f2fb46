import { t } from "../i18n";
import { href } from "../router";

export function NotFound() {
  return (
    <section class="page">
      <h1>{t("notfound.title")}</h1>
      <p><a href={href("/")}>{t("notfound.back")}</a></p>
    </section>
  );
}
