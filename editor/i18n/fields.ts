/**
 * The names staff read for the fields of the forms and for the choices of their lists, in the
 * editor's three languages (issue 14, point 6), found by the field's key in the schema (a module
 * type may name its own params in its uiSchema: `{ field: { 'ui:title': { nl, fr, en } } }`). A key
 * not listed here is shown as its words ("showArticleTitle" → "Show article title").
 *
 * `ADVANCED` lists the technical fields: shown only to administrators, under "Advanced".
 * `MANAGED` lists those the editor sets itself (identity, order): never a field.
 */
import type { UiLang } from './index.ts';

type L = Record<UiLang, string>;
const l = (en: string, fr: string, nl: string): L => ({ en, fr, nl });

export const FIELD_LABELS: Record<string, L> = {
  title: l('Title', 'Titre', 'Titel'),
  name: l('Internal name', 'Nom interne', 'Interne naam'),
  description: l('Description', 'Description', 'Beschrijving'),
  description2: l('Text below the module', 'Texte sous le module', 'Tekst onder de module'),
  status: l('Status', 'Statut', 'Status'),
  type: l('Type', 'Type', 'Type'),
  category: l('Category', 'Catégorie', 'Categorie'),
  column: l('Column', 'Colonne', 'Kolom'),
  date: l('Date', 'Date', 'Datum'),
  slug: l('Web address (slug)', 'Adresse web (slug)', 'Webadres (slug)'),
  summary: l('Summary', 'Résumé', 'Samenvatting'),
  body: l('Text', 'Texte', 'Tekst'),
  image: l('Image', 'Image', 'Afbeelding'),
  images: l('Images', 'Images', 'Afbeeldingen'),
  author: l('Author', 'Auteur', 'Auteur'),
  icon: l('Icon', 'Icône', 'Icoon'),
  person: l('Person', 'Personne', 'Persoon'),
  role: l('Role', 'Fonction', 'Functie'),
  email: l('E-mail', 'E-mail', 'E-mail'),
  phone: l('Phone', 'Téléphone', 'Telefoon'),
  languages: l('Languages', 'Langues', 'Talen'),
  parentId: l('Parent page', 'Page parente', 'Bovenliggende pagina'),
  path: l('Internal path', 'Chemin interne', 'Intern pad'),
  localizedPath: l('Address segment', 'Segment d’adresse', 'Adresdeel'),
  showInMenu: l('Show in the menu', 'Afficher dans le menu', 'Tonen in het menu'),
  breadcrumbName: l('Name in the breadcrumb', 'Nom dans le fil d’Ariane', 'Naam in het kruimelpad'),
  content: l('Page HTML (old)', 'HTML de la page (ancien)', 'Pagina-HTML (oud)'),
  metadata: l('Search engines and sharing', 'Moteurs de recherche et partage', 'Zoekmachines en delen'),
  isActiveSEO: l('Let search engines index this page', 'Laisser les moteurs de recherche indexer la page', 'Zoekmachines mogen deze pagina indexeren'),
  logo: l('Logo', 'Logo', 'Logo'),
  isHaveSubMenu: l('Show a sub-menu', 'Afficher un sous-menu', 'Submenu tonen'),
  subMenu: l('Extra sub-menu links', 'Liens supplémentaires du sous-menu', 'Extra submenulinks'),
  showFixedMenu: l('Keep the menu fixed while scrolling', 'Garder le menu fixe au défilement', 'Menu vast houden bij scrollen'),
  noReferrerNoFollow: l('Links without referrer, not followed', 'Liens sans référent, non suivis', 'Links zonder referrer, niet gevolgd'),
  noCookiePopup: l('No cookie banner on this page', 'Pas de bandeau cookies sur cette page', 'Geen cookiebanner op deze pagina'),
  css: l('Own CSS', 'CSS propre', 'Eigen CSS'),
  redirect: l('Redirect to another site', 'Rediriger vers un autre site', 'Doorverwijzen naar een andere site'),
  redirectUrl: l('Redirect address', 'Adresse de redirection', 'Doorverwijsadres'),
  showBreadCrumb: l('Show the breadcrumb', 'Afficher le fil d’Ariane', 'Kruimelpad tonen'),
  showPageBanner: l('Show a banner', 'Afficher une bannière', 'Banner tonen'),
  bannerTitle: l('Banner title', 'Titre de la bannière', 'Titel van de banner'),
  bannerDescription: l('Banner text', 'Texte de la bannière', 'Tekst van de banner'),
  bannerType: l('Banner', 'Bannière', 'Banner'),
  bannerImage: l('Banner image', 'Image de la bannière', 'Bannerafbeelding'),
  bannerImages: l('Banner images', 'Images de la bannière', 'Bannerafbeeldingen'),
  bannerVideo: l('Banner video (address)', 'Vidéo de la bannière (adresse)', 'Bannervideo (adres)'),
  bannerVideoPoster: l('Video still', 'Image de la vidéo', 'Stilstaand beeld van de video'),
  bannerVideoMobile: l('Video on phones (address)', 'Vidéo sur téléphone (adresse)', 'Video op gsm (adres)'),
  bannerVideoMobilePoster: l('Video still on phones', 'Image de la vidéo sur téléphone', 'Stilstaand beeld op gsm'),
  bannerColor: l('Banner colour', 'Couleur de la bannière', 'Kleur van de banner'),
  bannerTransparent: l('Header over the banner', 'En-tête sur la bannière', 'Koptekst over de banner'),
  listing: l('Listing page', 'Page de liste', 'Lijstpagina'),
  kind: l('Lists', 'Liste', 'Toont'),
  goal: l('For sale or rent', 'À vendre ou à louer', 'Te koop of te huur'),
  detailPageId: l('Detail page', 'Page de détail', 'Detailpagina'),
  pageTitle: l('Title in the browser tab', 'Titre de l’onglet', 'Titel in het tabblad'),
  metadataTitle: l('Title for search engines', 'Titre pour les moteurs de recherche', 'Titel voor zoekmachines'),
  metadataDescription: l('Description for search engines', 'Description pour les moteurs de recherche', 'Beschrijving voor zoekmachines'),
  ogTitle: l('Title when shared', 'Titre au partage', 'Titel bij delen'),
  ogDescription: l('Description when shared', 'Description au partage', 'Beschrijving bij delen'),
  ogImage: l('Image when shared', 'Image au partage', 'Afbeelding bij delen'),
  twitterTitle: l('Title on X (Twitter)', 'Titre sur X (Twitter)', 'Titel op X (Twitter)'),
  twitterDescription: l('Description on X (Twitter)', 'Description sur X (Twitter)', 'Beschrijving op X (Twitter)'),
  twitterImage: l('Image on X (Twitter)', 'Image sur X (Twitter)', 'Afbeelding op X (Twitter)'),
  schemaData: l('Structured data (JSON-LD)', 'Données structurées (JSON-LD)', 'Gestructureerde gegevens (JSON-LD)'),
  // Modules
  titleSize: l('Title size', 'Taille du titre', 'Grootte van de titel'),
  position: l('Width on the page', 'Largeur sur la page', 'Breedte op de pagina'),
  span: l('Width (columns of 12)', 'Largeur (colonnes sur 12)', 'Breedte (kolommen van 12)'),
  col: l('Width per screen', 'Largeur par écran', 'Breedte per scherm'),
  sm: l('Phone', 'Téléphone', 'Gsm'),
  md: l('Tablet', 'Tablette', 'Tablet'),
  lg: l('Computer', 'Ordinateur', 'Computer'),
  class: l('CSS class', 'Classe CSS', 'CSS-klasse'),
  backgroundType: l('Background', 'Fond', 'Achtergrond'),
  colorBackground: l('Background colour', 'Couleur de fond', 'Achtergrondkleur'),
  relations: l('Shows', 'Affiche', 'Toont'),
  numberItemOfRow: l('Items per row', 'Éléments par ligne', 'Items per rij'),
  maxItems: l('At most', 'Au maximum', 'Hoogstens'),
  isHasSubcategories: l('Has subcategories', 'A des sous-catégories', 'Heeft subcategorieën'),
  showArticleTitle: l('Show the article’s title', 'Afficher le titre de l’article', 'Titel van het artikel tonen'),
  showImage: l('Show the image', 'Afficher l’image', 'Afbeelding tonen'),
  showDate: l('Show the date', 'Afficher la date', 'Datum tonen'),
  order: l('Order', 'Ordre', 'Volgorde'),
  columns: l('Columns', 'Colonnes', 'Kolommen'),
  showSummary: l('Show the summary', 'Afficher le résumé', 'Samenvatting tonen'),
  moreLink: l('Link to all articles', 'Lien vers tous les articles', 'Link naar alle artikels'),
  showContact: l('Show contact details', 'Afficher les coordonnées', 'Contactgegevens tonen'),
  estimatePageId: l('Valuation request page', 'Page de demande d’estimation', 'Pagina voor de schattingsaanvraag'),
  form: l('Form', 'Formulaire', 'Formulier'),
  requestForm: l('Request form', 'Formulaire de demande', 'Aanvraagformulier'),
  similarCount: l('Similar properties shown', 'Biens similaires affichés', 'Vergelijkbare panden getoond'),
  featured: l('Featured only', 'Mis en avant uniquement', 'Enkel uitgelicht'),
  pageSize: l('Per page', 'Par page', 'Per pagina'),
  showFilters: l('Show the filters', 'Afficher les filtres', 'Filters tonen'),
  showMap: l('Show the map', 'Afficher la carte', 'Kaart tonen'),
  showGrants: l('Show the grants', 'Afficher les primes', 'Premies tonen'),
  showSources: l('Show the sources', 'Afficher les sources', 'Bronnen tonen'),
  // Media
  url: l('Address', 'Adresse', 'Adres'),
  alt: l('Text for screen readers', 'Texte pour lecteurs d’écran', 'Tekst voor schermlezers'),
  public: l('Shown', 'Affiché', 'Getoond'),
  value: l('Text', 'Texte', 'Tekst'),
  // Banner, popup, footer, header
  gallery: l('Gallery', 'Galerie', 'Galerij'),
  video: l('Video', 'Vidéo', 'Video'),
  color: l('Colour', 'Couleur', 'Kleur'),
  poster: l('Video still', 'Image de la vidéo', 'Stilstaand beeld'),
  mobileUrl: l('Video on phones', 'Vidéo sur téléphone', 'Video op gsm'),
  mobilePoster: l('Still on phones', 'Image sur téléphone', 'Beeld op gsm'),
  isPublished: l('Show the popup', 'Afficher la fenêtre', 'Venster tonen'),
  delay: l('Delay (seconds)', 'Délai (secondes)', 'Wachttijd (seconden)'),
  link: l('Link', 'Lien', 'Link'),
  linkLabel: l('Link text', 'Texte du lien', 'Linktekst'),
  media: l('Image', 'Image', 'Afbeelding'),
  formAction: l('Closes after this form', 'Se ferme après ce formulaire', 'Sluit na dit formulier'),
  intro: l('Intro', 'Introduction', 'Inleiding'),
  text: l('Text', 'Texte', 'Tekst'),
  links: l('Links to pages', 'Liens vers des pages', 'Links naar pagina’s'),
  legalLinks: l('Legal links', 'Liens légaux', 'Wettelijke links'),
  copyright: l('Copyright line', 'Ligne de copyright', 'Copyrightregel'),
  items: l('Images', 'Images', 'Afbeeldingen'),
  shrinkLogoOnScroll: l('Smaller logo when scrolling', 'Logo réduit au défilement', 'Kleiner logo bij scrollen'),
  fixedOnScroll: l('Header stays on top when scrolling', 'En-tête fixe au défilement', 'Koptekst blijft staan bij scrollen'),
  transparentOnTop: l('Transparent header at the top', 'En-tête transparent en haut', 'Transparante koptekst bovenaan'),
  topBar: l('Top bar', 'Barre du haut', 'Bovenbalk'),
  show: l('Show', 'Afficher', 'Tonen'),
  left: l('Left', 'À gauche', 'Links'),
  right: l('Right', 'À droite', 'Rechts'),
  label: l('Label', 'Libellé', 'Label'),
  code: l('Code', 'Code', 'Code'),
  use: l('In use', 'Utilisée', 'In gebruik'),
  default: l('Default', 'Par défaut', 'Standaard'),
  version: l('Version', 'Version', 'Versie'),
  categories: l('Categories', 'Catégories', 'Categorieën'),
  key: l('Key', 'Clé', 'Sleutel'),
  // Site info
  legalName: l('Legal name', 'Dénomination légale', 'Juridische naam'),
  address: l('Address', 'Adresse', 'Adres'),
  street: l('Street', 'Rue', 'Straat'),
  zip: l('Postcode', 'Code postal', 'Postcode'),
  city: l('City', 'Ville', 'Gemeente'),
  country: l('Country', 'Pays', 'Land'),
  companyNumber: l('Company number', 'Numéro d’entreprise', 'Ondernemingsnummer'),
  ipiNumber: l('IPI number', 'Numéro IPI', 'BIV-nummer'),
  favicon: l('Favicon', 'Favicon', 'Favicon'),
  defaultImage: l('Default sharing image', 'Image de partage par défaut', 'Standaardafbeelding bij delen'),
  social: l('Social networks', 'Réseaux sociaux', 'Sociale netwerken'),
  credits: l('Credits', 'Crédits', 'Credits'),
  design: l('Design', 'Design', 'Ontwerp'),
  implementation: l('Built by', 'Réalisation', 'Gebouwd door'),
};

/** Labels of list choices, by field key then value. */
export const ENUM_LABELS: Record<string, Record<string, L>> = {
  status: { Published: l('Published', 'Publiée', 'Gepubliceerd'), Hidden: l('Hidden', 'Masquée', 'Verborgen') },
  type: {
    page: l('Page', 'Page', 'Pagina'),
    article: l('Section with articles', 'Rubrique d’articles', 'Rubriek met artikels'),
    feedback: l('Thank-you page', 'Page de remerciement', 'Bedankpagina'),
    login: l('Owner login', 'Connexion propriétaire', 'Eigenaarslogin'),
    image: l('Image', 'Image', 'Afbeelding'),
    gallery: l('Gallery', 'Galerie', 'Galerij'),
    video: l('Video', 'Vidéo', 'Video'),
    color: l('Colour', 'Couleur', 'Kleur'),
    properties: l('Properties slideshow', 'Diaporama de biens', 'Diavoorstelling van panden'),
    none: l('None', 'Aucune', 'Geen'),
    category: l('The articles of a category', 'Les articles d’une catégorie', 'De artikels van een categorie'),
    'property-list': l('Property list', 'Liste de biens', 'Pandenlijst'),
    contact: l('Form', 'Formulaire', 'Formulier'),
  },
  category: {
    blog: l('Blog', 'Blog', 'Blog'),
    services: l('Services', 'Services', 'Diensten'),
    team: l('Team', 'Équipe', 'Team'),
    general: l('Page texts', 'Textes de pages', 'Paginateksten'),
  },
  column: { seller: l('For sellers', 'Pour les vendeurs', 'Voor verkopers'), buyer: l('For buyers', 'Pour les acheteurs', 'Voor kopers') },
  columns: { seller: l('For sellers', 'Pour les vendeurs', 'Voor verkopers'), buyer: l('For buyers', 'Pour les acheteurs', 'Voor kopers') },
  bannerType: {
    site: l('The site’s banner', 'La bannière du site', 'De banner van de site'),
    image: l('Image', 'Image', 'Afbeelding'),
    gallery: l('Gallery', 'Galerie', 'Galerij'),
    video: l('Video', 'Vidéo', 'Video'),
    color: l('Colour', 'Couleur', 'Kleur'),
    properties: l('Properties slideshow', 'Diaporama de biens', 'Diavoorstelling van panden'),
    none: l('None', 'Aucune', 'Geen'),
  },
  backgroundType: {
    none: l('None', 'Aucun', 'Geen'),
    image: l('Image', 'Image', 'Afbeelding'),
    color: l('Colour', 'Couleur', 'Kleur'),
    gallery: l('Gallery', 'Galerie', 'Galerij'),
  },
  position: {
    contentRow: l('In the page column', 'Dans la colonne de la page', 'In de paginakolom'),
    fullWidth: l('Full width', 'Toute la largeur', 'Volle breedte'),
  },
  titleSize: {
    h1: l('Very large (H1)', 'Très grand (H1)', 'Zeer groot (H1)'),
    h2: l('Large (H2)', 'Grand (H2)', 'Groot (H2)'),
    h3: l('Medium (H3)', 'Moyen (H3)', 'Middel (H3)'),
    h4: l('Small (H4)', 'Petit (H4)', 'Klein (H4)'),
    h5: l('Smaller (H5)', 'Plus petit (H5)', 'Kleiner (H5)'),
    h6: l('Smallest (H6)', 'Le plus petit (H6)', 'Kleinst (H6)'),
  },
  order: {
    date: l('Newest first', 'Les plus récents d’abord', 'Nieuwste eerst'),
    title: l('By title', 'Par titre', 'Op titel'),
    config: l('As arranged', 'Comme rangé', 'Zoals gerangschikt'),
  },
  goal: { sale: l('For sale', 'À vendre', 'Te koop'), rent: l('For rent', 'À louer', 'Te huur') },
  logic: { and: l('and (both hold)', 'et (les deux)', 'en (allebei)'), or: l('or (either holds)', 'ou (l’un ou l’autre)', 'of (een van beide)') },
  compare: {
    equals: l('is', 'est', 'is'),
    notEquals: l('is not', 'n’est pas', 'is niet'),
    in: l('is one of (a, b, c)', 'est l’un de (a, b, c)', 'is een van (a, b, c)'),
    empty: l('is empty', 'est vide', 'is leeg'),
    notEmpty: l('is filled in', 'est rempli', 'is ingevuld'),
    gt: l('is more than', 'est plus que', 'is meer dan'),
    gte: l('is at least', 'est au moins', 'is minstens'),
    lt: l('is less than', 'est moins que', 'is minder dan'),
    lte: l('is at most', 'est au plus', 'is hoogstens'),
  },
  kind: { property: l('Properties', 'Biens', 'Panden'), project: l('New-build projects', 'Projets neufs', 'Nieuwbouwprojecten') },
  isPublished: { yes: l('Yes', 'Oui', 'Ja'), no: l('No', 'Non', 'Nee') },
};

/** Set by the editor itself: never shown as fields. */
export const MANAGED: Record<'module' | 'page' | 'article', string[]> = {
  module: ['id', 'view', 'version', 'sort'],
  page: ['id', 'sort', 'createDate', 'modifyDate', 'modules'],
  article: ['id'],
};

/** Technical fields: only administrators see them, grouped under "Advanced". */
export const ADVANCED: Record<'module' | 'page' | 'article' | 'media', string[]> = {
  module: ['class', 'col', 'position', 'titleSize', 'isHasSubcategories', 'numberItemOfRow', 'status', 'images'],
  page: [
    'name',
    'path',
    'type',
    'category',
    'listing',
    'css',
    'content',
    'isHaveSubMenu',
    'subMenu',
    'showFixedMenu',
    'noReferrerNoFollow',
    'noCookiePopup',
    'isActiveSEO',
    'logo',
    'image',
    'redirect',
    'redirectUrl',
  ],
  article: ['icon'],
  media: ['id', 'filename', 'originalname', 'mimetype', 'destination', 'createDate'],
};

/** A sentence under a field, where its label alone does not say enough. */
export const FIELD_HELP: Record<string, L> = {
  localizedPath: l(
    'The page’s part of the address, per language (nos-services → /fr/nos-services/). Empty for the home page.',
    'La partie de l’adresse propre à la page, par langue (nos-services → /fr/nos-services/). Vide pour la page d’accueil.',
    'Het eigen deel van het adres, per taal (onze-diensten → /nl/onze-diensten/). Leeg voor de startpagina.',
  ),
  showInMenu: l(
    'Published pages are in the menu unless this is off; the order is set under Pages › Menu.',
    'Les pages publiées sont dans le menu sauf si cette case est décochée ; l’ordre se règle dans Pages › Menu.',
    'Gepubliceerde pagina’s staan in het menu tenzij dit uit staat; de volgorde stelt u in bij Pagina’s › Menu.',
  ),
  subMenu: l(
    'Extra links in this item’s drop-down menu, besides its sub-pages.',
    'Des liens en plus dans le menu déroulant de cet élément, à côté de ses sous-pages.',
    'Extra links in het uitklapmenu van dit item, naast de subpagina’s.',
  ),
  links: l(
    'The pages this column links to, in this order.',
    'Les pages vers lesquelles cette colonne renvoie, dans cet ordre.',
    'De pagina’s waarnaar deze kolom linkt, in deze volgorde.',
  ),
  legalLinks: l('The pages shown next to the copyright line.', 'Les pages affichées à côté de la ligne de copyright.', 'De pagina’s naast de copyrightregel.'),
  estimatePageId: l(
    'The page with the free valuation request form.',
    'La page du formulaire de demande d’estimation gratuite.',
    'De pagina met het formulier voor een gratis schatting.',
  ),
  detailPageId: l(
    'The hidden page whose modules show one property or project.',
    'La page masquée dont les modules affichent un bien ou un projet.',
    'De verborgen pagina waarvan de modules één pand of project tonen.',
  ),
  goal: l('Empty: as the page (for sale or for rent).', 'Vide : comme la page (à vendre ou à louer).', 'Leeg: zoals de pagina (te koop of te huur).'),
  featured: l(
    'Only the newest properties, without filters (for the home page).',
    'Seulement les biens les plus récents, sans filtres (pour la page d’accueil).',
    'Alleen de nieuwste panden, zonder filters (voor de startpagina).',
  ),
  columns: l(
    'One column per kind of reader; none for a single list of the newest articles.',
    'Une colonne par type de lecteur ; aucune pour une seule liste des articles les plus récents.',
    'Eén kolom per soort lezer; geen voor één lijst van de nieuwste artikels.',
  ),
  order: l(
    '“As arranged” keeps the order of the articles in their list.',
    '« Comme rangé » garde l’ordre des articles dans leur liste.',
    '“Zoals gerangschikt” houdt de volgorde van de artikels in hun lijst.',
  ),
  requestForm: l(
    'Offer the request form under the result, prefilled.',
    'Proposer le formulaire de demande sous le résultat, prérempli.',
    'Het aanvraagformulier onder het resultaat aanbieden, vooraf ingevuld.',
  ),
  summary: l(
    'One or two sentences shown in lists and when the page is shared.',
    'Une ou deux phrases affichées dans les listes et au partage.',
    'Eén of twee zinnen in lijsten en bij het delen.',
  ),
};

export function fieldHelp(key: string, lang: UiLang): string | undefined {
  return FIELD_HELP[key]?.[lang];
}

function words(key: string): string {
  const w = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

export function fieldLabel(key: string, lang: UiLang): string {
  return FIELD_LABELS[key]?.[lang] ?? words(key);
}

export function enumLabel(key: string, value: unknown, lang: UiLang): string {
  return ENUM_LABELS[key]?.[String(value)]?.[lang] ?? String(value);
}
