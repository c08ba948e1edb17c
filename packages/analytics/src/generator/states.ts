// The "region → state" taxonomy: the four US Census regions and the 50 states plus DC,
// weighted by population (2020 Census, thousands), with a few cities each for merchant addresses.

export const REGIONS = [
  { regionId: 1, name: 'Northeast', country: 'US' },
  { regionId: 2, name: 'Midwest', country: 'US' },
  { regionId: 3, name: 'South', country: 'US' },
  { regionId: 4, name: 'West', country: 'US' },
] as const;

export interface State {
  stateCode: string;
  name: string;
  regionId: number;
  country: string;
  /** Population in thousands; merchants are placed in proportion to it. */
  weight: number;
  cities: readonly string[];
}

type Row = [code: string, name: string, region: number, population: number, cities: string];

const ROWS: Row[] = [
  ['AL', 'Alabama', 3, 5024, 'Birmingham|Montgomery|Huntsville'],
  ['AK', 'Alaska', 4, 733, 'Anchorage|Fairbanks|Juneau'],
  ['AZ', 'Arizona', 4, 7152, 'Phoenix|Tucson|Mesa'],
  ['AR', 'Arkansas', 3, 3012, 'Little Rock|Fayetteville|Fort Smith'],
  ['CA', 'California', 4, 39538, 'Los Angeles|San Diego|San Jose|San Francisco|Sacramento'],
  ['CO', 'Colorado', 4, 5774, 'Denver|Colorado Springs|Aurora'],
  ['CT', 'Connecticut', 1, 3606, 'Bridgeport|New Haven|Hartford'],
  ['DE', 'Delaware', 3, 990, 'Wilmington|Dover|Newark'],
  ['DC', 'District of Columbia', 3, 690, 'Washington'],
  ['FL', 'Florida', 3, 21538, 'Jacksonville|Miami|Tampa|Orlando'],
  ['GA', 'Georgia', 3, 10712, 'Atlanta|Augusta|Savannah'],
  ['HI', 'Hawaii', 4, 1455, 'Honolulu|Hilo|Kailua'],
  ['ID', 'Idaho', 4, 1839, 'Boise|Meridian|Nampa'],
  ['IL', 'Illinois', 2, 12813, 'Chicago|Aurora|Naperville'],
  ['IN', 'Indiana', 2, 6786, 'Indianapolis|Fort Wayne|Evansville'],
  ['IA', 'Iowa', 2, 3190, 'Des Moines|Cedar Rapids|Davenport'],
  ['KS', 'Kansas', 2, 2938, 'Wichita|Overland Park|Kansas City'],
  ['KY', 'Kentucky', 3, 4506, 'Louisville|Lexington|Bowling Green'],
  ['LA', 'Louisiana', 3, 4658, 'New Orleans|Baton Rouge|Shreveport'],
  ['ME', 'Maine', 1, 1362, 'Portland|Lewiston|Bangor'],
  ['MD', 'Maryland', 3, 6177, 'Baltimore|Frederick|Rockville'],
  ['MA', 'Massachusetts', 1, 7030, 'Boston|Worcester|Springfield'],
  ['MI', 'Michigan', 2, 10077, 'Detroit|Grand Rapids|Warren'],
  ['MN', 'Minnesota', 2, 5706, 'Minneapolis|Saint Paul|Rochester'],
  ['MS', 'Mississippi', 3, 2961, 'Jackson|Gulfport|Southaven'],
  ['MO', 'Missouri', 2, 6155, 'Kansas City|Saint Louis|Springfield'],
  ['MT', 'Montana', 4, 1084, 'Billings|Missoula|Bozeman'],
  ['NE', 'Nebraska', 2, 1962, 'Omaha|Lincoln|Bellevue'],
  ['NV', 'Nevada', 4, 3105, 'Las Vegas|Henderson|Reno'],
  ['NH', 'New Hampshire', 1, 1378, 'Manchester|Nashua|Concord'],
  ['NJ', 'New Jersey', 1, 9289, 'Newark|Jersey City|Paterson'],
  ['NM', 'New Mexico', 4, 2118, 'Albuquerque|Las Cruces|Santa Fe'],
  ['NY', 'New York', 1, 20201, 'New York|Buffalo|Rochester|Albany'],
  ['NC', 'North Carolina', 3, 10439, 'Charlotte|Raleigh|Greensboro'],
  ['ND', 'North Dakota', 2, 779, 'Fargo|Bismarck|Grand Forks'],
  ['OH', 'Ohio', 2, 11799, 'Columbus|Cleveland|Cincinnati'],
  ['OK', 'Oklahoma', 3, 3959, 'Oklahoma City|Tulsa|Norman'],
  ['OR', 'Oregon', 4, 4237, 'Portland|Salem|Eugene'],
  ['PA', 'Pennsylvania', 1, 13003, 'Philadelphia|Pittsburgh|Allentown'],
  ['RI', 'Rhode Island', 1, 1097, 'Providence|Warwick|Cranston'],
  ['SC', 'South Carolina', 3, 5119, 'Charleston|Columbia|Greenville'],
  ['SD', 'South Dakota', 2, 887, 'Sioux Falls|Rapid City|Aberdeen'],
  ['TN', 'Tennessee', 3, 6911, 'Nashville|Memphis|Knoxville'],
  ['TX', 'Texas', 3, 29146, 'Houston|San Antonio|Dallas|Austin|Fort Worth'],
  ['UT', 'Utah', 4, 3272, 'Salt Lake City|West Valley City|Provo'],
  ['VT', 'Vermont', 1, 643, 'Burlington|South Burlington|Rutland'],
  ['VA', 'Virginia', 3, 8631, 'Virginia Beach|Richmond|Arlington'],
  ['WA', 'Washington', 4, 7705, 'Seattle|Spokane|Tacoma'],
  ['WV', 'West Virginia', 3, 1794, 'Charleston|Huntington|Morgantown'],
  ['WI', 'Wisconsin', 2, 5894, 'Milwaukee|Madison|Green Bay'],
  ['WY', 'Wyoming', 4, 577, 'Cheyenne|Casper|Laramie'],
];

export const STATES: readonly State[] = ROWS.map(([stateCode, name, regionId, weight, cities]) => ({
  stateCode,
  name,
  regionId,
  country: 'US',
  weight,
  cities: cities.split('|'),
}));
