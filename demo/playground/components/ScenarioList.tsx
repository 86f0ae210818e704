/** Ready-made scenarios, each one click. */
import { SCENARIOS } from '../scenarios';
import type { Playground } from '../state';

/** A grid of buttons; the active scenario is marked. */
export function ScenarioList({ pg }: { pg: Playground }) {
  const active = pg.activeScenario.value?.id;
  return (
    <section class="scenarios" aria-labelledby="scenarios-title">
      <h2 class="section-title" id="scenarios-title">
        Try a scenario
      </h2>
      <div class="scenarios__grid">
        {SCENARIOS.map((scenario) => (
          <button
            key={scenario.id}
            type="button"
            class={active === scenario.id ? 'scenario scenario--active' : 'scenario'}
            data-scenario={scenario.id}
            aria-current={active === scenario.id ? 'true' : undefined}
            onClick={() => void pg.runScenario(scenario)}
          >
            <span class="scenario__title">{scenario.title}</span>
            <span class="scenario__text">{scenario.description}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
