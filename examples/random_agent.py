"""A random agent, 100 games on 8x8: the environment's loop from reset to the end of a game."""
import gymnasium

import snake_env  # registers its environment, snake_env.ID: "snake_env/Snake-v0"

env = gymnasium.make(snake_env.ID, width=8, height=8, initial_length=2)
env.action_space.seed(1)
lengths = []
for seed in range(1, 101):  # the fruits of --seed 1 --games 100
    obs, info = env.reset(seed=seed)
    terminated = truncated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
    lengths.append(info["length"])
print(f"a random agent on 8x8: mean length {sum(lengths) / len(lengths):.2f} over {len(lengths)} games")
