export {
  GUIDE_COUNTRIES,
  type GuideCountry,
  guideOfSystemCountry,
  type GuidePage,
  type GuideSection,
  pageTitleOf,
} from "./guides";
