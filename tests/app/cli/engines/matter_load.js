// Loads a PhysicsEditor JSON the way Phaser 3's PhysicsEditorParser.parseBody does (Phaser bundles Matter; the
// steps are its own: per vertex set clockwiseSort, a part Body.create'd at the set's centre, coincident edges
// flagged, one parent Body.create'd from the body's settings and Body.setParts) and prints, per body, what Matter
// kept: {"name": {"label": l, "parts": [{"vertices": n, "area": a}, ...]}}.
// Usage: node matter_load.js MATTER_MODULE_DIR FILE.json
'use strict';
const fs = require('fs');
const Matter = require(process.argv[2]);
const { Body, Bodies, Common, Vertices } = Matter;


const data = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const out = {};
for (const name of Object.keys(data)) {
  const config = data[name];
  if (config.type !== 'fromPhysicsEditor') throw new Error(name + ': type is not fromPhysicsEditor');
  const parts = [];
  for (const fixture of config.fixtures) {
    const options = Common.extend({}, false, fixture);
    delete options.circle;
    delete options.vertices;
    const fixtureParts = [];
    for (const set of fixture.vertices) {
      Vertices.clockwiseSort(set);
      fixtureParts.push(Body.create(Common.extend({ position: Vertices.centre(set), vertices: set }, options)));
    }
    // Phaser's build of Matter adds Bodies.flagCoincidentParts (it marks shared edges internal, for drawing and
    // edge contacts; no vertex moves); upstream matter-js has it only inside Bodies.fromVertices.
    if (Bodies.flagCoincidentParts) Bodies.flagCoincidentParts(fixtureParts);
    parts.push(...fixtureParts);
  }
  const settings = Common.clone(config, true);
  delete settings.fixtures;
  delete settings.type;
  const body = Body.create(settings);
  Body.setParts(body, parts);
  Body.setPosition(body, { x: 100, y: 100 });
  // parts[0] is the parent itself.
  out[name] = { label: body.label, parts: body.parts.slice(1).map((p) => ({ vertices: p.vertices.length, area: p.area })) };
}
process.stdout.write(JSON.stringify(out));
