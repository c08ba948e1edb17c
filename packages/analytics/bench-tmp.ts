import { splitCsvRecords } from './src/uploads/splitCsvRecords.ts';
for (let k = 0; k < 3; k++) {
let t = performance.now();
console.log(await splitCsvRecords('/tmp/up29/big.csv', 10, { records: '/tmp/up29/big.r', malformed: '/tmp/up29/big.m' }), performance.now() - t);
}
