import random
kinds = ["nwp-history", "4dvar-obs", "bufr-preproc", "ensemble-members", "postproc-products",
 "climate-restart-dumps", "ocean-restart-read", "regrid", "verification", "lbc-generation",
 "radar-composite", "satellite-thinning", "climate-monthly-means", "archive-staging", "nowcasting",
 "wave-model", "land-surface-offline", "reanalysis-point-extract", "checkpoint-write", "ml-emulator-loader"]
random.seed(124)
print(random.sample(kinds, 5))
