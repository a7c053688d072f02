import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '../../../src/server/modules/scoring/feature-definitions';
import { loadActiveModel, loadModel, readActiveModelVersion } from '../../../src/server/modules/scoring/model-store';

const modelsDir = new URL('../../../src/server/modules/scoring/models/', import.meta.url);
const versions = readdirSync(modelsDir)
  .map((f) => /^scorecard-(.+)\.json$/.exec(f)?.[1])
  .filter((v): v is string => v !== undefined);

describe('committed model files', () => {
  it.each(versions)('scorecard %s parses, is monotone and covers every feature', (version) => {
    const model = loadModel(version);
    expect(model.features.map((f) => f.key)).toEqual([...FEATURE_KEYS]);
    expect(model.scaling).toMatchObject({ baseScore: 600, baseOdds: 30, pdo: 20, min: 300, max: 850 });
  });

  it('the active version exists, and the model card describes it', () => {
    const model = loadActiveModel();
    expect(versions).toContain(readActiveModelVersion());
    const card = readFileSync(new URL('../../../docs/scoring.md', import.meta.url), 'utf8');
    const holdout = model.training.holdout as { auc: number; ks: number; gini: number };
    expect(card).toContain(`# Credit score model card: scorecard ${model.version}`);
    expect(card).toContain(`**${holdout.auc.toFixed(4)}** | **${holdout.ks.toFixed(4)}** | **${holdout.gini.toFixed(4)}**`);
    expect(card).toContain(`**${(model.training.psi as number).toFixed(4)}**`);
    for (const band of model.bands) expect(card).toContain(`| ${band.name} | ${band.minScore} |`);
  });

  it('the active model meets the bar of the issue: holdout AUC at least 0.70, PSI below 0.10', () => {
    const model = loadActiveModel();
    expect((model.training.holdout as { auc: number }).auc).toBeGreaterThanOrEqual(0.7);
    expect(model.training.psi as number).toBeLessThan(0.1);
  });
});
