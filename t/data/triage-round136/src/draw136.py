import random
K = ["corpus tokenization and sharding", "embedding generation", "vector index building",
     "model fine-tuning with checkpoints", "evaluation harness", "dataset deduplication (MinHash)",
     "image augmentation", "pretraining data loader (shuffled sample reads)", "checkpoint resharding/conversion",
     "batch inference loading model weights", "hyperparameter sweep (many short trials writing metrics)",
     "distributed pretraining with sharded checkpoints", "web-crawl text cleaning and filtering",
     "audio feature extraction (spectrograms)", "video frame extraction", "RL rollout logging",
     "training metrics/event logging", "packing samples into tar shards (WebDataset)",
     "knowledge distillation (teacher logits dump)", "retrieval evaluation against an index"]
r = random.Random(136)
for i in sorted(r.sample(range(20), 5)): print(i + 1, K[i])
