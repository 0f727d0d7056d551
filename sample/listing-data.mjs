// Static reference data for sample/gen-listings.mjs: places, vocabulary and
// localised labels. Every localised value is a triple [nl, fr, en].

export const LANGS = ['nl', 'fr', 'en'];

export const COUNTRY = {
  10: ['België', 'Belgique', 'Belgium'],
  50: ['Luxemburg', 'Luxembourg', 'Luxembourg'],
};

// Streets: [fr, nl] pairs in Brussels (bilingual street names), single names elsewhere.
// base = number of properties in the default 132-property sample; rent = share of rentals.
export const PLACES = [
  {
    zip: '1000',
    name: ['Brussel', 'Bruxelles', 'Brussels'],
    lat: 50.8467,
    lng: 4.3525,
    region: 'brussels',
    base: 7,
    rent: 0.3,
    streets: [
      ['Rue Haute', 'Hoogstraat'],
      ['Rue de Flandre', 'Vlaamsesteenweg'],
      ['Rue Blaes', 'Blaesstraat'],
      ['Rue Antoine Dansaert', 'Antoine Dansaertstraat'],
      ['Rue du Marché au Charbon', 'Kolenmarkt'],
    ],
  },
  {
    zip: '1030',
    name: ['Schaarbeek', 'Schaerbeek', 'Schaerbeek'],
    lat: 50.8676,
    lng: 4.3737,
    region: 'brussels',
    base: 36,
    rent: 10 / 36,
    streets: [
      ['Avenue Louis Bertrand', 'Louis Bertrandlaan'],
      ['Rue Royale Sainte-Marie', 'Koninklijke Sint-Mariastraat'],
      ['Boulevard Lambermont', 'Lambermontlaan'],
      ['Avenue Huart Hamoir', 'Huart Hamoirlaan'],
      ['Rue des Coteaux', 'Wijnheuvelenstraat'],
      ['Chaussée de Haecht', 'Haachtsesteenweg'],
      ['Avenue Rogier', 'Rogierlaan'],
      ['Rue Josaphat', 'Josaphatstraat'],
      ['Avenue Voltaire', 'Voltairelaan'],
      ['Rue Vifquin', 'Vifquinstraat'],
    ],
  },
  {
    zip: '1040',
    name: ['Etterbeek', 'Etterbeek', 'Etterbeek'],
    lat: 50.836,
    lng: 4.3866,
    region: 'brussels',
    base: 5,
    rent: 0.3,
    streets: [
      ["Avenue d'Auderghem", 'Oudergemlaan'],
      ['Rue des Champs', 'Veldstraat'],
      ['Avenue de la Chasse', 'Jachtlaan'],
      ['Rue Général Leman', 'Generaal Lemanstraat'],
    ],
  },
  {
    zip: '1050',
    name: ['Elsene', 'Ixelles', 'Ixelles'],
    lat: 50.8274,
    lng: 4.3697,
    region: 'brussels',
    base: 7,
    rent: 0.4,
    streets: [
      ["Chaussée d'Ixelles", 'Elsensesteenweg'],
      ['Rue du Bailli', 'Baljuwstraat'],
      ['Rue de la Brasserie', 'Brouwerijstraat'],
      ['Rue Lesbroussart', 'Lesbroussartstraat'],
      ['Avenue de la Couronne', 'Kroonlaan'],
    ],
  },
  {
    zip: '1060',
    name: ['Sint-Gillis', 'Saint-Gilles', 'Saint-Gilles'],
    lat: 50.8277,
    lng: 4.3456,
    region: 'brussels',
    base: 4,
    rent: 0.4,
    streets: [
      ['Chaussée de Waterloo', 'Waterloosesteenweg'],
      ['Rue de la Victoire', 'Overwinningsstraat'],
      ['Avenue Jean Volders', 'Jean Voldersslaan'],
      ['Rue de Moscou', 'Moskoustraat'],
    ],
  },
  {
    zip: '1070',
    name: ['Anderlecht', 'Anderlecht', 'Anderlecht'],
    lat: 50.8366,
    lng: 4.3079,
    region: 'brussels',
    base: 5,
    rent: 0.3,
    streets: [
      ['Rue Wayez', 'Wayezstraat'],
      ['Rue de Fiennes', 'de Fiennesstraat'],
      ['Boulevard Sylvain Dupuis', 'Sylvain Dupuislaan'],
      ['Rue Porcelaine', 'Porseleinstraat'],
    ],
  },
  {
    zip: '1080',
    name: ['Sint-Jans-Molenbeek', 'Molenbeek-Saint-Jean', 'Molenbeek-Saint-Jean'],
    lat: 50.8553,
    lng: 4.3226,
    region: 'brussels',
    base: 3,
    rent: 0.3,
    streets: [
      ['Chaussée de Gand', 'Gentsesteenweg'],
      ['Rue de Ribaucourt', 'Ribaucourtstraat'],
      ['Rue Picard', 'Picardstraat'],
    ],
  },
  {
    zip: '1081',
    name: ['Koekelberg', 'Koekelberg', 'Koekelberg'],
    lat: 50.8622,
    lng: 4.3256,
    region: 'brussels',
    base: 2,
    rent: 0.3,
    streets: [
      ['Rue Herkoliers', 'Herkoliersstraat'],
      ['Avenue du Panthéon', 'Pantheonlaan'],
    ],
  },
  {
    zip: '1082',
    name: ['Sint-Agatha-Berchem', 'Berchem-Sainte-Agathe', 'Berchem-Sainte-Agathe'],
    lat: 50.8647,
    lng: 4.294,
    region: 'brussels',
    base: 2,
    rent: 0.3,
    streets: [
      ['Rue de Grand-Bigard', 'Groot-Bijgaardenstraat'],
      ['Avenue de Selliers de Moranville', 'de Selliers de Moranvillelaan'],
    ],
  },
  {
    zip: '1083',
    name: ['Ganshoren', 'Ganshoren', 'Ganshoren'],
    lat: 50.8712,
    lng: 4.309,
    region: 'brussels',
    base: 2,
    rent: 0.3,
    streets: [
      ['Avenue de Villegas', 'de Villegaslaan'],
      ['Avenue Charles-Quint', 'Keizer Karellaan'],
    ],
  },
  {
    zip: '1090',
    name: ['Jette', 'Jette', 'Jette'],
    lat: 50.8776,
    lng: 4.3258,
    region: 'brussels',
    base: 4,
    rent: 0.25,
    streets: [
      ['Rue Léon Theodor', 'Léon Theodorstraat'],
      ['Avenue de Laeken', 'Lakenselaan'],
      ['Rue Ferdinand Lenoir', 'Ferdinand Lenoirstraat'],
    ],
  },
  {
    zip: '1140',
    name: ['Evere', 'Evere', 'Evere'],
    lat: 50.87,
    lng: 4.403,
    region: 'brussels',
    base: 3,
    rent: 0.3,
    streets: [
      ['Avenue Henri Conscience', 'Henri Consciencelaan'],
      ['Rue Stroobants', 'Stroobantsstraat'],
      ['Rue de Paris', 'Parijsstraat'],
    ],
  },
  {
    zip: '1150',
    name: ['Sint-Pieters-Woluwe', 'Woluwe-Saint-Pierre', 'Woluwe-Saint-Pierre'],
    lat: 50.8295,
    lng: 4.432,
    region: 'brussels',
    base: 3,
    rent: 0.3,
    streets: [
      ['Avenue de Tervueren', 'Tervurenlaan'],
      ['Rue au Bois', 'Bosstraat'],
      ["Avenue de l'Escrime", 'Schermlaan'],
    ],
  },
  {
    zip: '1160',
    name: ['Oudergem', 'Auderghem', 'Auderghem'],
    lat: 50.8155,
    lng: 4.4268,
    region: 'brussels',
    base: 3,
    rent: 0.3,
    streets: [
      ['Boulevard du Souverain', 'Vorstlaan'],
      ['Chaussée de Wavre', 'Waversesteenweg'],
      ['Avenue Jean Van Horenbeeck', 'Jean Van Horenbeecklaan'],
    ],
  },
  {
    zip: '1170',
    name: ['Watermaal-Bosvoorde', 'Watermael-Boitsfort', 'Watermael-Boitsfort'],
    lat: 50.799,
    lng: 4.416,
    region: 'brussels',
    base: 2,
    rent: 0.3,
    streets: [
      ['Avenue de la Héronnière', 'Reigerbosdreef'],
      ['Rue du Loutrier', 'Otterstraat'],
      ['Place Keym', 'Keymplein'],
    ],
  },
  {
    zip: '1180',
    name: ['Ukkel', 'Uccle', 'Uccle'],
    lat: 50.8021,
    lng: 4.3366,
    region: 'brussels',
    base: 6,
    rent: 0.25,
    streets: [
      ["Chaussée d'Alsemberg", 'Alsembergsesteenweg'],
      ['Avenue Brugmann', 'Brugmannlaan'],
      ['Rue Vanderkindere', 'Vanderkinderestraat'],
      ['Avenue De Fré', 'De Frélaan'],
    ],
  },
  {
    zip: '1190',
    name: ['Vorst', 'Forest', 'Forest'],
    lat: 50.8106,
    lng: 4.319,
    region: 'brussels',
    base: 4,
    rent: 0.25,
    streets: [
      ['Avenue Van Volxem', 'Van Volxemlaan'],
      ['Chaussée de Bruxelles', 'Brusselsesteenweg'],
      ['Avenue Wielemans Ceuppens', 'Wielemans Ceuppenslaan'],
    ],
  },
  {
    zip: '1200',
    name: ['Sint-Lambrechts-Woluwe', 'Woluwe-Saint-Lambert', 'Woluwe-Saint-Lambert'],
    lat: 50.8467,
    lng: 4.4295,
    region: 'brussels',
    base: 3,
    rent: 0.3,
    streets: [
      ['Avenue Georges Henri', 'Georges Henrilaan'],
      ['Boulevard Brand Whitlock', 'Brand Whitlocklaan'],
      ['Rue Voot', 'Vootstraat'],
    ],
  },
  {
    zip: '1210',
    name: ['Sint-Joost-ten-Node', 'Saint-Josse-ten-Noode', 'Saint-Josse-ten-Noode'],
    lat: 50.853,
    lng: 4.3728,
    region: 'brussels',
    base: 3,
    rent: 0.35,
    streets: [
      ['Chaussée de Louvain', 'Leuvensesteenweg'],
      ['Rue Royale', 'Koningsstraat'],
      ['Rue de la Poste', 'Poststraat'],
    ],
  },
  {
    zip: '1800',
    name: ['Vilvoorde', 'Vilvorde', 'Vilvoorde'],
    lat: 50.9281,
    lng: 4.4245,
    region: 'flanders',
    base: 5,
    rent: 0.2,
    streets: [['Leuvensestraat'], ['Mechelsesteenweg'], ['Schaarbeeklei'], ['Lange Molensstraat']],
  },
  {
    zip: '2000',
    name: ['Antwerpen', 'Anvers', 'Antwerp'],
    lat: 51.2194,
    lng: 4.4025,
    region: 'flanders',
    base: 4,
    rent: 0.25,
    streets: [['Lange Leemstraat'], ['Amerikalei'], ['Kammenstraat'], ['Nationalestraat']],
  },
  {
    zip: '9000',
    name: ['Gent', 'Gand', 'Ghent'],
    lat: 51.0543,
    lng: 3.7174,
    region: 'flanders',
    base: 3,
    rent: 0.3,
    streets: [['Coupure Links'], ['Sint-Pietersnieuwstraat'], ['Kortrijksesteenweg'], ['Brabantdam']],
  },
  {
    zip: '3000',
    name: ['Leuven', 'Louvain', 'Leuven'],
    lat: 50.8798,
    lng: 4.7005,
    region: 'flanders',
    base: 3,
    rent: 0.3,
    streets: [['Naamsestraat'], ['Tiensestraat'], ['Diestsevest'], ['Parijsstraat']],
  },
  {
    zip: '1300',
    name: ['Waver', 'Wavre', 'Wavre'],
    lat: 50.717,
    lng: 4.601,
    region: 'wallonia',
    base: 4,
    rent: 0.25,
    streets: [['Rue de Bruxelles'], ['Chaussée de Louvain'], ['Rue du Pont du Christ'], ['Avenue Reine Astrid']],
  },
  {
    zip: '5000',
    name: ['Namen', 'Namur', 'Namur'],
    lat: 50.4674,
    lng: 4.872,
    region: 'wallonia',
    base: 3,
    rent: 0.3,
    streets: [['Rue de Fer'], ["Boulevard d'Herbatte"], ['Rue des Carmes'], ['Avenue de la Plante']],
  },
  {
    zip: '4000',
    name: ['Luik', 'Liège', 'Liège'],
    lat: 50.6326,
    lng: 5.5797,
    region: 'wallonia',
    base: 3,
    rent: 0.3,
    streets: [["Boulevard d'Avroy"], ['Rue Saint-Gilles'], ['Quai de Rome'], ['Rue Hors-Château']],
  },
  {
    zip: 'L-1450',
    name: ['Luxemburg', 'Luxembourg', 'Luxembourg'],
    lat: 49.6116,
    lng: 6.1319,
    region: 'lux',
    country: 50,
    base: 1,
    rent: 0,
    streets: [['Boulevard Royal'], ['Avenue de la Liberté'], ['Rue de Hollerich']],
  },
  {
    zip: 'L-4002',
    name: ['Esch-sur-Alzette', 'Esch-sur-Alzette', 'Esch-sur-Alzette'],
    lat: 49.4958,
    lng: 5.9806,
    region: 'lux',
    country: 50,
    base: 1,
    rent: 0,
    streets: [["Rue de l'Alzette"], ['Boulevard Kennedy']],
  },
  {
    zip: '',
    name: ['Mersch', 'Mersch', 'Mersch'],
    lat: 49.7489,
    lng: 6.1061,
    region: 'lux',
    country: 50,
    base: 1,
    rent: 0,
    streets: [['Rue de la Gare'], ['Rue de Colmar-Berg']],
  },
];

export const TYPES = {
  1: ['Huis', 'Maison', 'House'],
  2: ['Studio', 'Studio', 'Studio'],
  3: ['Appartement', 'Appartement', 'Apartment'],
  4: ['Bouwgrond', 'Terrain à bâtir', 'Building plot'],
  5: ['Opbrengsteigendom', 'Immeuble de rapport', 'Investment property'],
  6: ['Handelspand', 'Commerce', 'Commercial property'],
  7: ['Garage/Parking', 'Garage/Parking', 'Garage/parking'],
};

// Type weights per goal and region group.
export const TYPE_WEIGHTS = {
  sale: { 1: 24, 2: 8, 3: 34, 4: 6, 5: 8, 6: 8, 7: 10 },
  rent: { 1: 14, 2: 20, 3: 48, 6: 10, 7: 8 },
  saleWal: { 1: 40, 2: 10, 3: 35, 5: 8, 6: 7 },
  lux: { 1: 50, 3: 50 },
};

// Sale price ranges [min, max, step] and monthly rent ranges.
export const SALE_PRICE = {
  1: [320000, 1250000, 5000],
  2: [125000, 235000, 5000],
  3: [199000, 780000, 1000],
  4: [95000, 420000, 5000],
  5: [480000, 1600000, 10000],
  6: [165000, 1100000, 5000],
  7: [25000, 62000, 500],
};
export const RENT_PRICE = { 1: [1450, 4800, 50], 2: [620, 960, 10], 3: [850, 2450, 25], 6: [1200, 6000, 50], 7: [90, 175, 5] };
export const REGION_PRICE_FACTOR = { brussels: 1, flanders: 0.9, wallonia: 0.72, lux: 1.9 };

export const MARQUEE = {
  1: ['Nieuw', 'Nouveau', 'New'],
  2: ['Optie', 'Sous option', 'Under offer'],
  4: ['Verkocht', 'Vendu', 'Sold'],
  5: ['Verhuurd', 'Loué', 'Let'],
};
export const PRICE_FROM = ['vanaf', 'à partir de', 'starting from'];

// Energy scales (kWh/m²/year): label -> [min, max] used to draw a value well inside the band.
export const EPC_SCALES = {
  brussels: {
    a_plus: [-20, -2],
    a: [2, 22],
    a_sub: [25, 44],
    b_plus: [47, 61],
    b: [64, 78],
    b_sub: [81, 94],
    c_plus: [97, 112],
    c: [115, 131],
    c_sub: [134, 149],
    d_plus: [152, 169],
    d: [172, 189],
    d_sub: [192, 209],
    e_plus: [212, 231],
    e: [234, 252],
    e_sub: [255, 274],
    f_plus: [277, 297],
    f: [300, 321],
    f_sub: [324, 344],
    g: [348, 480],
  },
  flanders: { a_plus: [-25, -2], a: [10, 90], b: [110, 190], c: [210, 290], d: [310, 390], e: [410, 490], f: [520, 700] },
  wallonia: { a_plusplus: [-20, -2], a_plus: [5, 40], a: [50, 80], b: [90, 165], c: [175, 250], d: [260, 335], e: [345, 420], f: [430, 505], g: [520, 700] },
};
export const LUX_LABELS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'B', 'C', 'D'];

export const AGENTS = ['sophie-claes', 'thomas-dubois', 'lien-janssens', 'karim-el-amrani', 'marie-lambert', 'pieter-de-smet'];

export const HEATING = [
  {
    type: ['Centrale verwarming', 'Chauffage central', 'Central heating'],
    name: ['Aardgas', 'Gaz naturel', 'Natural gas'],
    phrase: ['centrale verwarming op aardgas', 'un chauffage central au gaz', 'gas central heating'],
    w: 6,
  },
  {
    type: ['Centrale verwarming', 'Chauffage central', 'Central heating'],
    name: ['Warmtepomp', 'Pompe à chaleur', 'Heat pump'],
    phrase: ['een warmtepomp', 'une pompe à chaleur', 'a heat pump'],
    w: 2,
  },
  {
    type: ['Centrale verwarming', 'Chauffage central', 'Central heating'],
    name: ['Stookolie', 'Mazout', 'Heating oil'],
    phrase: ['centrale verwarming op stookolie', 'un chauffage central au mazout', 'oil-fired central heating'],
    w: 1,
  },
  {
    type: ['Individuele verwarming', 'Chauffage individuel', 'Individual heating'],
    name: ['Elektrisch', 'Électrique', 'Electric'],
    phrase: ['elektrische verwarming', 'un chauffage électrique', 'electric heating'],
    w: 1,
  },
];
export const KITCHEN = [
  ['Volledig ingerichte keuken', 'Cuisine entièrement équipée', 'Fully equipped kitchen'],
  ['Open ingerichte keuken', 'Cuisine ouverte équipée', 'Open-plan fitted kitchen'],
  ['Half ingerichte keuken', 'Cuisine semi-équipée', 'Semi-equipped kitchen'],
  ['Amerikaanse keuken', 'Cuisine américaine', 'American-style kitchen'],
];
export const GLAZING = [
  { name: ['Dubbele beglazing', 'Double vitrage', 'Double glazing'], phrase: ['dubbele beglazing', 'un double vitrage', 'double glazing'], w: 7 },
  { name: ['Driedubbele beglazing', 'Triple vitrage', 'Triple glazing'], phrase: ['driedubbele beglazing', 'un triple vitrage', 'triple glazing'], w: 2 },
  { name: ['Enkele beglazing', 'Simple vitrage', 'Single glazing'], phrase: ['enkele beglazing', 'un simple vitrage', 'single glazing'], w: 1 },
];
export const FRAME = [
  ['PVC', 'PVC', 'PVC'],
  ['Hout', 'Bois', 'Wood'],
  ['Aluminium', 'Aluminium', 'Aluminium'],
];
export const ROOF = [
  ['Dakpannen', 'Tuiles', 'Tiles'],
  ['Leien', 'Ardoises', 'Slate'],
  ['Roofing', 'Roofing', 'Bitumen roofing'],
];
export const ROOF_CONDITION = [
  ['Goede staat', 'Bon état', 'Good condition'],
  ['Recent vernieuwd', 'Récemment rénovée', 'Recently renewed'],
  ['Te vernieuwen', 'À renouveler', 'To be renewed'],
];
export const FLOOR_COVERING = [
  ['Parket', 'Parquet', 'Parquet'],
  ['Tegels', 'Carrelage', 'Tiles'],
  ['Laminaat', 'Stratifié', 'Laminate'],
  ['Gietvloer', 'Sol coulé', 'Poured floor'],
];
export const CONDITION = {
  new: ['Nieuwbouw', 'Neuf', 'New build'],
  excellent: ['Uitstekende staat', 'Excellent état', 'Excellent condition'],
  good: ['Goede staat', 'Bon état', 'Good condition'],
  refresh: ['Op te frissen', 'À rafraîchir', 'To refresh'],
  renovate: ['Te renoveren', 'À rénover', 'To renovate'],
};
export const ORIENT = [
  { n: ['Zuid', 'Sud', 'South'], p: ['het zuiden', 'sud', 'south'] },
  { n: ['Zuidwest', 'Sud-ouest', 'South-west'], p: ['het zuidwesten', 'sud-ouest', 'south-west'] },
  { n: ['West', 'Ouest', 'West'], p: ['het westen', 'ouest', 'west'] },
  { n: ['Oost', 'Est', 'East'], p: ['het oosten', 'est', 'east'] },
  { n: ['Zuidoost', 'Sud-est', 'South-east'], p: ['het zuidoosten', 'sud-est', 'south-east'] },
  { n: ['Noord', 'Nord', 'North'], p: ['het noorden', 'nord', 'north'] },
];
export const CONFORM = [
  ['Conform', 'Conforme', 'Compliant'],
  ['Niet conform', 'Non conforme', 'Not compliant'],
];
export const GROUND_CERT = {
  flanders: ['Blanco bodemattest', 'Attestation du sol vierge', 'Clean soil certificate'],
  brussels: [
    'Niet ingeschreven in de inventaris van de bodemtoestand',
    "Non repris à l'inventaire de l'état du sol",
    'Not listed in the soil condition inventory',
  ],
  wallonia: ['Geen gegevens in de bodemdatabank', 'Aucune donnée dans la banque de données de l’état des sols', 'No entry in the soil database'],
};
export const REGISTRATION = {
  flanders: ['Registratierechten 12%', "Droits d'enregistrement 12%", 'Registration duties 12%'],
  brussels: ['Registratierechten 12,5%', "Droits d'enregistrement 12,5%", 'Registration duties 12.5%'],
  wallonia: ['Registratierechten 12,5%', "Droits d'enregistrement 12,5%", 'Registration duties 12.5%'],
  vat: ['BTW 21%', 'TVA 21%', 'VAT 21%'],
};
export const PLANNING = {
  brussels: ['Typisch woongebied (GBP)', "Zone d'habitation (PRAS)", 'Residential area (regional land-use plan)'],
  brusselsMixed: ['Gemengd gebied (GBP)', 'Zone mixte (PRAS)', 'Mixed-use area (regional land-use plan)'],
  flanders: ['Woongebied', "Zone d'habitat", 'Residential area'],
  wallonia: ['Woongebied met landelijk karakter', "Zone d'habitat à caractère rural", 'Residential area with rural character'],
};
export const FLOOD = {
  none: ['Niet in overstromingsgevoelig gebied', 'Pas en zone inondable', 'Not in a flood-prone area'],
  possible: ['Mogelijk overstromingsgevoelig gebied', 'Zone potentiellement inondable', 'Possibly flood-prone area'],
  effective: ['Effectief overstromingsgevoelig gebied', 'Zone effectivement inondable', 'Flood-prone area'],
};
export const RIPARIAN = ['Niet in afgebakende oeverzone', 'Pas en zone riveraine délimitée', 'Not in a designated riparian zone'];
export const ASBESTOS = [
  ['Asbestattest: asbestveilig', 'Attestation amiante : sans risque', 'Asbestos certificate: asbestos-safe'],
  ['Asbestattest: niet asbestveilig', 'Attestation amiante : présence d’amiante', 'Asbestos certificate: not asbestos-safe'],
];
export const INVENTORY = [
  'Plaatsbeschrijving door onafhankelijke expert',
  'État des lieux par un expert indépendant',
  'Check-in inventory by an independent expert',
];
export const AVAILABLE_FROM = [
  ['Onmiddellijk', 'Immédiatement', 'Immediately'],
  ['Bij akte', "À l'acte", 'On signing of the deed'],
  ['Mits overleg met de eigenaar', 'À convenir avec le propriétaire', 'By arrangement with the owner'],
  ['Vanaf 1 maart 2026', 'À partir du 1er mars 2026', 'From 1 March 2026'],
];
export const FLEMISH_CODES = ['Vg, Gdv, Gvkr, Gvv, Wg', 'Vg, Gdv, Gvkr, Gvv, Wg, Gmo', 'Vg, Gdv, Gvkr, Vv, Wg', 'Gvg, Gdv, Gvkr, Gvv, Wg'];

export const DOCUMENTS = [
  { file: 'epc-certificate.pdf', name: ['EPC-certificaat', 'Certificat PEB', 'EPC certificate'] },
  { file: 'floor-plan.pdf', name: ['Grondplan', 'Plan', 'Floor plan'] },
  { file: 'urban-planning-information.pdf', name: ['Stedenbouwkundige inlichtingen', 'Renseignements urbanistiques', 'Urban planning information'] },
  { file: 'technical-sheet.pdf', name: ['Technische fiche', 'Fiche technique', 'Technical sheet'] },
];

export const ROOMS = {
  front: ['Voorgevel', 'Façade', 'Front'],
  living: ['Woonkamer', 'Séjour', 'Living room'],
  kitchen: ['Keuken', 'Cuisine', 'Kitchen'],
  dining: ['Eetkamer', 'Salle à manger', 'Dining room'],
  bedroom: ['Slaapkamer', 'Chambre', 'Bedroom'],
  bathroom: ['Badkamer', 'Salle de bains', 'Bathroom'],
  shower: ['Douchekamer', 'Salle de douche', 'Shower room'],
  terrace: ['Terras', 'Terrasse', 'Terrace'],
  garden: ['Tuin', 'Jardin', 'Garden'],
  view: ['Zicht', 'Vue', 'View'],
  hall: ['Inkomhal', 'Hall d’entrée', 'Entrance hall'],
  study: ['Bureau', 'Bureau', 'Study'],
  attic: ['Zolder', 'Grenier', 'Attic'],
  cellar: ['Kelder', 'Cave', 'Cellar'],
  plot: ['Perceel', 'Terrain', 'Plot'],
  street: ['Straatzicht', 'Vue de la rue', 'Street view'],
  area: ['Omgeving', 'Environs', 'Surroundings'],
  shop: ['Winkelruimte', 'Espace commercial', 'Retail area'],
  window: ['Etalage', 'Vitrine', 'Shop window'],
  storage: ['Opslag', 'Réserve', 'Storage'],
  office: ['Kantoor', 'Bureau', 'Office'],
  garage: ['Garage', 'Garage', 'Garage'],
  access: ['Toegang', 'Accès', 'Access'],
  unit: ['Wooneenheid', 'Logement', 'Flat'],
};
export const ROOM_SETS = {
  1: ['front', 'living', 'kitchen', 'dining', 'bedroom', 'bathroom', 'garden', 'bedroom', 'attic', 'study'],
  2: ['living', 'kitchen', 'shower', 'hall', 'view', 'street', 'cellar', 'living', 'area'],
  3: ['living', 'kitchen', 'bedroom', 'bathroom', 'terrace', 'bedroom', 'hall', 'view', 'front'],
  4: ['plot', 'street', 'view', 'area', 'plot', 'area', 'street', 'plot', 'view'],
  5: ['front', 'unit', 'kitchen', 'living', 'bathroom', 'garden', 'unit', 'cellar', 'street'],
  6: ['window', 'shop', 'storage', 'office', 'front', 'shop', 'street', 'storage', 'area'],
  7: ['garage', 'access', 'street', 'garage', 'area', 'access', 'street', 'garage', 'area'],
};

export const FIELD_ORDER = [
  'ID',
  'WebID',
  'WebIDs',
  'Goal',
  'PublishPrice',
  'Price',
  'PriceUnit',
  'PriceUnitText',
  'Marquee',
  'MarqueeName',
  'Availability',
  'PublishAddress',
  'Street',
  'HouseNumber',
  'BoxNr',
  'Zip',
  'City',
  'CountryID',
  'CountryName',
  'Latitude',
  'Longitude',
  'EnergyPerformance',
  'EPCLabelText',
  'TypeDescription',
  'MainTypeName',
  'RecordFile',
  'Description',
  'SmallPictureItem',
  'XLargePictureItem',
  'Pictures',
  'Documents',
  'VirtualTour',
  'Video',
  'AgentID',
  'OwnerRef',
  'ProjectID',
  'CreateDate',
  'ModifyDate',
  'Facades',
  'language',
  'SurfaceTotal',
  'SurfaceGround',
  'SurfaceLiving',
  'SurfaceTerrace',
  'SurfaceGarden',
  'SurfaceOffice',
  'SurfaceStore',
  'SurfaceConstructed',
  'PlotWidth',
  'FrontWidth',
  'EPCTotal',
  'EnergyValue',
  'CO2Emission',
  'CadastralIncome',
  'GScore',
  'PScore',
  'ELevel',
  'ChargesOwner',
  'ChargesRenter',
  'NotaryFeeInclVAT',
  'NotaryFeeExclVAT',
  'VATValue',
  'ConstructionCost',
  'RealEstateTax',
  'TotalCost',
  'AgencyCost',
  'DepositAmount',
  'GaragePrice',
  'ViagerRent',
  'ViagerBouquet',
  'MonthlyRent',
  'NumberOfBedRooms',
  'NumberOfBathRooms',
  'NumberOfShowerRooms',
  'NumberOfToilets',
  'NumberOfGarages',
  'NumberOfParkings',
  'NumberOfExternalParkings',
  'NumberOfFloors',
  'ConstructionYear',
  'RenovationYear',
  'Floor',
  'ViagerAge',
  'HeatingTypeName',
  'HeatingName',
  'KitchenName',
  'WindowGlazing',
  'WindowFrame',
  'RoofMaterial',
  'RoofCondition',
  'FloorCovering',
  'ConditionName',
  'EPCEndDate',
  'AsbestosType',
  'AsbestosDate',
  'FloodZoneName',
  'RiparianZoneName',
  'FloodRiskAreaText',
  'TerraceOrientation',
  'GardenOrientation',
  'RearOrientation',
  'GroundCertificate',
  'GasCertificate',
  'ElectricityCertificate',
  'RegistrationType',
  'PlanningInformation',
  'AreaApplication',
  'FlemishPlanningCodes',
  'VATRegime',
  'Inventory',
  'AvailabilityText',
  'UniqueCode',
  'HasGas',
  'HasWater',
  'HasLift',
  'HasCellar',
  'HasGarden',
  'HasGarage',
  'HasParking',
  'HasTerrace',
  'HasAttic',
  'IsFurnished',
  'HasPermit',
  'HasAllotmentPermit',
  'HasSummons',
  'HasPreemptiveRights',
  'HasElectricityConnection',
  'HasDrainConnection',
  'HasJudicialDecision',
  'HasRegisteredRight',
  'IsFloodZone',
  'ExtraRoomsPossible',
  'PriceOnDemand',
  'IsViager',
];

export const PROJECT_STATUS = {
  plan: ['Op plan', 'Sur plan', 'Off-plan'],
  construction: ['In aanbouw', 'En construction', 'Under construction'],
  delivered: ['Opgeleverd', 'Livré', 'Completed'],
};

// Project templates; the 9th has no address yet (City, Zip and WebID empty); its units sit in 1000.
export const PROJECTS = [
  {
    zip: '1030',
    slug: 'colignon',
    name: ['Residentie Colignon', 'Résidence Colignon', 'Colignon Residence'],
    street: ['Rue Royale Sainte-Marie', 'Koninklijke Sint-Mariastraat'],
    nr: '212',
    types: [2, 3, 3, 3],
    status: 'construction',
    delivery: 'Q3 2027',
    floors: 5,
    ext: true,
  },
  {
    zip: '1050',
    slug: 'bailli',
    name: ['Tuinen van de Baljuw', 'Les Jardins du Bailli', 'Bailli Gardens'],
    street: ['Rue du Bailli', 'Baljuwstraat'],
    nr: '48',
    types: [3, 3, 3],
    status: 'plan',
    delivery: 'Q2 2028',
    floors: 4,
    ext: true,
  },
  {
    zip: '1040',
    slug: 'jourdan',
    name: ['Residentie Jourdan', 'Résidence Jourdan', 'Jourdan Residence'],
    street: ['Rue des Champs', 'Veldstraat'],
    nr: '17',
    types: [2, 3, 3],
    status: 'construction',
    delivery: 'Q1 2027',
    floors: 6,
    ext: false,
  },
  {
    zip: '1070',
    slug: 'canal-view',
    name: ['Kanaalzicht', 'Vue sur le Canal', 'Canal View'],
    street: ['Rue Porcelaine', 'Porseleinstraat'],
    nr: '5',
    types: [2, 3, 3],
    status: 'construction',
    delivery: 'Q4 2026',
    floors: 8,
    ext: true,
  },
  {
    zip: '1180',
    slug: 'brugmann',
    name: ["Villa's Brugmann", 'Les Villas Brugmann', 'Brugmann Villas'],
    street: ['Avenue Brugmann', 'Brugmannlaan'],
    nr: '390',
    types: [1, 1, 1],
    status: 'plan',
    delivery: 'Q4 2027',
    floors: 3,
    ext: false,
  },
  {
    zip: '1800',
    slug: 'zennepark',
    name: ['Zennepark', 'Parc de la Senne', 'Senne Park'],
    street: ['Schaarbeeklei'],
    nr: '120',
    types: [3, 3, 3],
    status: 'delivered',
    delivery: 'Q2 2026',
    floors: 5,
    ext: true,
  },
  {
    zip: '1190',
    slug: 'wiels-lofts',
    name: ['Wiels Lofts', 'Lofts du Wiels', 'Wiels Lofts'],
    street: ['Avenue Van Volxem', 'Van Volxemlaan'],
    nr: '354',
    types: [3, 3, 2],
    status: 'construction',
    delivery: 'Q3 2027',
    floors: 4,
    ext: false,
  },
  {
    zip: '1090',
    slug: 'jette-gardens',
    name: ['Tuinen van Jette', 'Les Jardins de Jette', 'Jette Gardens'],
    street: ['Rue Léon Theodor', 'Léon Theodorstraat'],
    nr: '101',
    types: [3, 3, 7],
    status: 'plan',
    delivery: 'Q1 2028',
    floors: 4,
    ext: false,
  },
  {
    zip: '1000',
    empty: true,
    slug: 'nouveau',
    name: ['Nieuw project – binnenkort', 'Nouveau projet – bientôt', 'New project – coming soon'],
    types: [3, 3, 3],
    status: 'plan',
    delivery: null,
    floors: 5,
    ext: false,
  },
];

const art = (w) => (/^[aeiou]/i.test(w) ? 'an' : 'a');
const pl = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const enOrd = (n) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
const lc = (s) => s.charAt(0).toLowerCase() + s.slice(1);

// Headline candidates per type; `ok` filters on the property's features.
const HEADLINES = {
  1: [
    { ok: (b) => b.hasGarden, t: ['Gezinswoning met tuin', 'Maison familiale avec jardin', 'Family house with garden'] },
    { ok: (b) => b.facades === 'closed' && b.year < 1940, t: ['Charmante herenwoning', 'Charmante maison de maître', 'Charming townhouse'] },
    { ok: (b) => b.facades === 'open', t: ['Vrijstaande villa met ruime tuin', 'Villa 4 façades avec grand jardin', 'Detached villa with large garden'] },
    {
      ok: (b) => b.facades === 'half-open',
      t: (b) => [`Halfopen woning met ${b.beds} slaapkamers`, `Maison 3 façades de ${b.beds} chambres`, `Semi-detached ${b.beds}-bedroom house`],
    },
    {
      ok: (b) => b.cond === 'renovate',
      t: ['Te renoveren woning met veel potentieel', 'Maison à rénover au beau potentiel', 'House to renovate with great potential'],
    },
    {
      ok: (b) => b.cond === 'excellent' || b.cond === 'new',
      t: ['Instapklare woning in uitstekende staat', 'Maison prête à emménager', 'Move-in ready house in excellent condition'],
    },
    { ok: () => true, t: (b) => [`Ruime woning met ${b.beds} slaapkamers`, `Maison spacieuse de ${b.beds} chambres`, `Spacious ${b.beds}-bedroom house`] },
  ],
  2: [
    { ok: (b) => b.furnished, t: ['Gemeubelde studio', 'Studio meublé', 'Furnished studio'] },
    { ok: (b) => b.cellar, t: ['Instapklare studio met kelder', 'Studio prêt à emménager avec cave', 'Move-in ready studio with cellar'] },
    { ok: (b) => b.goal === 0, t: ['Ideale studio voor investeerders', 'Studio idéal pour investisseurs', 'Ideal studio for investors'] },
    { ok: () => true, t: ['Gezellige studio nabij openbaar vervoer', 'Studio cosy proche des transports', 'Cosy studio close to public transport'] },
    { ok: (b) => b.terrace, t: ['Lichtrijke studio met terras', 'Studio lumineux avec terrasse', 'Bright studio with terrace'] },
  ],
  3: [
    { ok: (b) => b.terrace, t: ['Lichtrijk appartement met terras', 'Appartement lumineux avec terrasse', 'Bright apartment with terrace'] },
    { ok: (b) => b.floor >= 5, t: ['Penthouse met panoramisch zicht', 'Penthouse avec vue panoramique', 'Penthouse with panoramic views'] },
    { ok: (b) => b.lift, t: ['Instapklaar appartement met lift', 'Appartement prêt à emménager avec ascenseur', 'Move-in ready apartment with lift'] },
    {
      ok: (b) => b.floor === 0 && b.hasGarden,
      t: ['Gelijkvloers appartement met tuin', 'Rez-de-jardin avec jardin privatif', 'Ground-floor apartment with garden'],
    },
    {
      ok: (b) => b.year < 1940,
      t: ['Charmant appartement in herenhuis', 'Appartement de charme dans une maison de maître', 'Charming apartment in a townhouse'],
    },
    {
      ok: (b) => b.cond === 'new',
      t: (b) => [`Nieuwbouwappartement met ${b.beds} slaapkamers`, `Appartement neuf de ${b.beds} chambres`, `New-build ${b.beds}-bedroom apartment`],
    },
    {
      ok: (b) => b.renov,
      t: (b) => [
        `Gerenoveerd appartement met ${pl(b.beds, 'slaapkamer', 'slaapkamers')}`,
        `Appartement rénové de ${pl(b.beds, 'chambre', 'chambres')}`,
        `Renovated ${b.beds}-bedroom apartment`,
      ],
    },
    {
      ok: () => true,
      t: (b) => [
        `Ruim appartement met ${pl(b.beds, 'slaapkamer', 'slaapkamers')}`,
        `Appartement spacieux de ${pl(b.beds, 'chambre', 'chambres')}`,
        `Spacious ${b.beds}-bedroom apartment`,
      ],
    },
  ],
  4: [
    { ok: (b) => b.ground > 600, t: ['Bouwgrond voor open bebouwing', 'Terrain à bâtir pour maison 4 façades', 'Building plot for a detached house'] },
    {
      ok: () => true,
      t: (b) => [`Rustig gelegen bouwgrond van ${b.ground} m²`, `Terrain à bâtir de ${b.ground} m² au calme`, `Quietly located ${b.ground} m² building plot`],
    },
    { ok: (b) => b.orient === 0, t: ['Bouwgrond met zuidoriëntatie', 'Terrain à bâtir orienté sud', 'South-facing building plot'] },
  ],
  5: [
    {
      ok: () => true,
      t: (b) => [`Opbrengsteigendom met ${b.units} wooneenheden`, `Immeuble de rapport de ${b.units} logements`, `Investment property with ${b.units} flats`],
    },
    {
      ok: (b) => b.shop,
      t: ['Opbrengsteigendom met handelsgelijkvloers', 'Immeuble de rapport avec rez commercial', 'Investment property with ground-floor shop'],
    },
    { ok: (b) => b.avail === 'available', t: ['Volledig verhuurd opbrengstgebouw', 'Immeuble de rapport entièrement loué', 'Fully let investment property'] },
  ],
  6: [
    { ok: () => true, t: ['Handelspand op commerciële ligging', 'Commerce sur axe commercial', 'Retail unit on a busy shopping street'] },
    { ok: (b) => b.office > 0, t: ['Kantoorruimte met parking', 'Bureaux avec parking', 'Office space with parking'] },
    { ok: () => true, t: ['Handelsgelijkvloers met grote etalage', 'Rez commercial avec grande vitrine', 'Ground-floor shop with large display window'] },
  ],
  7: [
    { ok: () => true, t: ['Afgesloten garagebox', 'Box de garage fermé', 'Lock-up garage'] },
    { ok: () => true, t: ['Ondergrondse parkeerplaats', 'Emplacement de parking souterrain', 'Underground parking space'] },
    { ok: () => true, t: ['Garage nabij het centrum', 'Garage proche du centre', 'Garage close to the centre'] },
  ],
};

// New-build project units get a new-build headline.
const NEW_HEADLINES = {
  1: [
    (b) => [
      `Nieuwbouwwoning met ${b.beds} slaapkamers en tuin`,
      `Maison neuve de ${b.beds} chambres avec jardin`,
      `New-build ${b.beds}-bedroom house with garden`,
    ],
  ],
  2: [
    () => ['Nieuwbouwstudio met lift', 'Studio neuf avec ascenseur', 'New-build studio with lift'],
    () => ['Energiezuinige nieuwbouwstudio', 'Studio neuf basse énergie', 'Energy-efficient new-build studio'],
  ],
  3: [
    (b) => [
      `Nieuwbouwappartement met ${pl(b.beds, 'slaapkamer', 'slaapkamers')}`,
      `Appartement neuf de ${pl(b.beds, 'chambre', 'chambres')}`,
      `New-build ${b.beds}-bedroom apartment`,
    ],
    (b) =>
      b.terrace
        ? ['Nieuwbouwappartement met terras', 'Appartement neuf avec terrasse', 'New-build apartment with terrace']
        : ['Energiezuinig nieuwbouwappartement', 'Appartement neuf basse énergie', 'Energy-efficient new-build apartment'],
  ],
  7: [() => ['Ondergrondse staanplaats in nieuwbouw', 'Emplacement de parking dans un immeuble neuf', 'Underground parking space in a new building']],
};

export function headline(b, r) {
  if (b.cond === 'new' && NEW_HEADLINES[b.type]) {
    const l = NEW_HEADLINES[b.type];
    return l[Math.floor(r() * l.length)](b);
  }
  const list = HEADLINES[b.type].filter((h) => h.ok(b));
  const h = list[Math.floor(r() * list.length)];
  return typeof h.t === 'function' ? h.t(b) : h.t;
}

const FACADE_NOUN = {
  open: ['Deze vrijstaande woning', 'Cette maison 4 façades', 'This detached house'],
  'half-open': ['Deze halfopen woning', 'Cette maison 3 façades', 'This semi-detached house'],
  closed: ['Deze rijwoning', 'Cette maison mitoyenne', 'This terraced house'],
};
const SUBJECT = {
  1: ['De woning', 'La maison', 'The house'],
  2: ['De studio', 'Le studio', 'The studio'],
  3: ['Het appartement', "L'appartement", 'The apartment'],
};
const LOCATION = [
  [
    'Winkels, scholen en openbaar vervoer liggen op wandelafstand.',
    'Commerces, écoles et transports en commun sont accessibles à pied.',
    'Shops, schools and public transport are within walking distance.',
  ],
  [
    'De buurt is levendig en uitstekend bereikbaar met tram en bus.',
    'Le quartier est animé et très bien desservi par le tram et le bus.',
    'The neighbourhood is lively and well served by tram and bus.',
  ],
  [
    'Het pand ligt in een rustige, groene straat vlak bij een park.',
    'Le bien se situe dans une rue calme et verte, à deux pas d’un parc.',
    'The property lies on a quiet, leafy street close to a park.',
  ],
  [
    'De grote invalswegen en het station liggen op enkele minuten.',
    'Les grands axes et la gare sont à quelques minutes.',
    'Main roads and the railway station are a few minutes away.',
  ],
];
const floorPhrase = (f) =>
  f === 0
    ? ['op het gelijkvloers', 'au rez-de-chaussée', 'on the ground floor']
    : [`op de ${f}e verdieping`, `au ${f === 1 ? '1er' : `${f}e`} étage`, `on the ${enOrd(f)} floor`];

// 2-4 sentences per language; `short` keeps two sentences (large generated sets).
export function description(b, r, short) {
  const c = b.city;
  const s = [];
  switch (b.type) {
    case 1: {
      const n = FACADE_NOUN[b.facades || 'closed'];
      s.push([
        `${n[0]} van ${b.living} m² ligt in een aangename straat in ${c[0]}.`,
        `${n[1]} de ${b.living} m² est située dans une rue agréable à ${c[1]}.`,
        `${n[2]} of ${b.living} m² stands on a pleasant street in ${c[2]}.`,
      ]);
      break;
    }
    case 2:
      s.push([
        `Deze studio van ${b.living} m² ligt ${floorPhrase(b.floor)[0]} van een verzorgd gebouw in ${c[0]}.`,
        `Ce studio de ${b.living} m² se trouve ${floorPhrase(b.floor)[1]} d'un immeuble soigné à ${c[1]}.`,
        `This ${b.living} m² studio is ${floorPhrase(b.floor)[2]} of a well-kept building in ${c[2]}.`,
      ]);
      break;
    case 3:
      s.push([
        `In ${c[0]} bieden wij dit appartement van ${b.living} m² aan, gelegen ${floorPhrase(b.floor)[0]}.`,
        `À ${c[1]}, nous proposons cet appartement de ${b.living} m² situé ${floorPhrase(b.floor)[1]}.`,
        `In ${c[2]}, we offer this ${b.living} m² apartment ${floorPhrase(b.floor)[2]}.`,
      ]);
      break;
    case 4:
      s.push([
        `Deze bouwgrond van ${b.ground} m² met een straatbreedte van ${b.front} m ligt in ${c[0]}.`,
        `Ce terrain à bâtir de ${b.ground} m² avec une façade de ${b.front} m se trouve à ${c[1]}.`,
        `This ${b.ground} m² building plot with a ${b.front} m street frontage is located in ${c[2]}.`,
      ]);
      break;
    case 5:
      s.push([
        `Dit opbrengsteigendom in ${c[0]} omvat ${b.units} wooneenheden op een totale oppervlakte van ${b.living} m².`,
        `Cet immeuble de rapport à ${c[1]} comprend ${b.units} logements sur une surface totale de ${b.living} m².`,
        `This investment property in ${c[2]} comprises ${b.units} flats over a total of ${b.living} m².`,
      ]);
      break;
    case 6:
      s.push([
        `Dit handelspand van ${b.living} m² in ${c[0]} geniet een uitstekende zichtbaarheid.`,
        `Cette surface commerciale de ${b.living} m² à ${c[1]} bénéficie d'une excellente visibilité.`,
        `This ${b.living} m² commercial property in ${c[2]} enjoys excellent visibility.`,
      ]);
      break;
    default:
      s.push([
        `Deze garagebox van ${b.total} m² in ${c[0]} is vlot bereikbaar en heeft een gemotoriseerde poort.`,
        `Ce box de garage de ${b.total} m² à ${c[1]} est facilement accessible et équipé d'une porte motorisée.`,
        `This ${b.total} m² lock-up garage in ${c[2]} is easily accessible and has a motorised door.`,
      ]);
  }
  const extra = [];
  if (b.project) {
    const pn = b.project.name;
    const d = b.project.delivery;
    const m = /^Q([1-4]) (\d{4})$/.exec(d || '');
    s.push(
      m
        ? [
            `Het pand maakt deel uit van het nieuwbouwproject ${pn[0]}, met oplevering voorzien in het ${m[1]}e kwartaal van ${m[2]}.`,
            `Ce bien fait partie du projet neuf ${pn[1]}, dont la livraison est prévue au ${m[1] === '1' ? '1er' : `${m[1]}e`} trimestre ${m[2]}.`,
            `The property is part of the new-build project ${pn[2]}, with delivery planned for ${d}.`,
          ]
        : [
            `Het pand maakt deel uit van het nieuwbouwproject ${pn[0]}.`,
            `Ce bien fait partie du projet neuf ${pn[1]}.`,
            `The property is part of the new-build project ${pn[2]}.`,
          ],
    );
  }
  if (b.type === 1 || b.type === 3) {
    const k = b.kitchen;
    const sub = SUBJECT[b.type];
    extra.push([
      `${sub[0]} omvat een ruime leefruimte, een ${lc(k[0])}, ${pl(b.beds, 'slaapkamer', 'slaapkamers')} en ${pl(b.baths, 'badkamer', 'badkamers')}.`,
      `${sub[1]} comprend un séjour spacieux, une ${lc(k[1])}, ${pl(b.beds, 'chambre', 'chambres')} et ${pl(b.baths, 'salle de bains', 'salles de bains')}.`,
      `${sub[2]} offers a spacious living room, ${art(k[2])} ${lc(k[2])}, ${pl(b.beds, 'bedroom', 'bedrooms')} and ${pl(b.baths, 'bathroom', 'bathrooms')}.`,
    ]);
  } else if (b.type === 2) {
    const k = b.kitchen;
    extra.push([
      `De studio combineert woon- en slaapgedeelte en beschikt over een ${lc(k[0])} en een douchekamer.`,
      `Le studio combine séjour et coin nuit, avec une ${lc(k[1])} et une salle de douche.`,
      `The studio combines living and sleeping areas, with ${art(k[2])} ${lc(k[2])} and a shower room.`,
    ]);
  } else if (b.type === 4) {
    extra.push([
      'Het perceel is gelegen in woongebied en is vrij van bouwverplichting.',
      "Le terrain est situé en zone d'habitat et libre de toute obligation de bâtir.",
      'The plot is zoned residential and free of any building obligation.',
    ]);
  } else if (b.type === 5) {
    const y = (Math.round((b.price * 0.045) / 100) * 100).toLocaleString('de-DE');
    extra.push([
      `De huidige huurinkomsten bedragen circa € ${y} per jaar.`,
      `Les revenus locatifs actuels s'élèvent à environ € ${y} par an.`,
      `Current rental income is about € ${y} a year.`,
    ]);
  } else if (b.type === 6) {
    extra.push([
      `Achteraan bevinden zich een opslagruimte van ${b.store} m² en sanitair.`,
      `À l'arrière se trouvent une réserve de ${b.store} m² et des sanitaires.`,
      `At the back there is a ${b.store} m² storage room and toilets.`,
    ]);
  } else {
    extra.push(['Ideaal voor een wagen en wat extra opslag.', 'Idéal pour une voiture et un peu de rangement.', 'Ideal for a car and some extra storage.']);
  }
  if (b.terrace) {
    const o = ORIENT[b.orient].p;
    extra.push([
      `Een terras van ${b.terraceM2} m² op ${o[0]} biedt extra leefruimte.`,
      `Une terrasse de ${b.terraceM2} m² orientée ${o[1]} offre un espace de vie supplémentaire.`,
      `A ${b.terraceM2} m² ${o[2]}-facing terrace adds extra living space.`,
    ]);
  } else if (b.hasGarden && b.gardenM2) {
    const o = ORIENT[b.orient].p;
    extra.push([
      `De tuin van ${b.gardenM2} m² is georiënteerd op ${o[0]}.`,
      `Le jardin de ${b.gardenM2} m² est orienté ${o[1]}.`,
      `The ${b.gardenM2} m² garden faces ${o[2]}.`,
    ]);
  }
  if (b.heat && b.glaze)
    extra.push([
      `Het comfort wordt verzekerd door ${b.heat.phrase[0]} en ${b.glaze.phrase[0]}.`,
      `Le confort est assuré par ${b.heat.phrase[1]} et ${b.glaze.phrase[1]}.`,
      `Comfort is ensured by ${b.heat.phrase[2]} and ${b.glaze.phrase[2]}.`,
    ]);
  if (b.goal !== 0) {
    const m = b.depositMonths;
    extra.push([
      `Vrij ${lc(b.availFrom[0])}; huurwaarborg van ${m} maanden.`,
      `Libre ${lc(b.availFrom[1])} ; garantie locative de ${m} mois.`,
      `Available ${lc(b.availFrom[2])}; rental deposit of ${m} months.`,
    ]);
  }
  extra.push(LOCATION[Math.floor(r() * LOCATION.length)]);
  const n = short ? 0 : 1 + Math.floor(r() * 3);
  for (let i = 0; i < n && extra.length; i++) s.push(extra.splice(i === 0 ? 0 : Math.floor(r() * extra.length), 1)[0]);
  return [0, 1, 2].map((i) => s.map((x) => x[i]).join(' '));
}

// Portal websites where an owner's property is also published (the owner portal's "online media").
// Which ones follow from the property id, so that the sample stays deterministic without drawing
// from the generator's random sequence. Visits per day come with a real import (PortalStats.Visits).
export const PORTALS = [
  { name: 'Immoweb', url: (id, lang) => `https://www.immoweb.be/${lang}/annonce/${id}` },
  { name: 'Zimmo', url: (id, lang) => `https://www.zimmo.be/${lang}/pand/${id}` },
  { name: 'Logic-immo', url: (id, lang) => `https://www.logic-immo.be/${lang}/bien/${id}` },
];
