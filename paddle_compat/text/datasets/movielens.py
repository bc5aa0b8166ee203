"""MovieLens 1M (ml-1m.zip): (user id, gender, age bucket, job, movie id, categories, title words, rating)."""

import re
import zipfile

import numpy as np

from ...io import Dataset
from ._util import check_mode, need_file

__all__ = []

age_table = [1, 18, 25, 35, 45, 50, 56]
URL = "https://dataset.bj.bcebos.com/movielens%2Fml-1m.zip"
MD5 = "c4d9eecfca2ab87c1945afe126590906"


class MovieInfo:
    def __init__(self, index, categories, title):
        self.index = int(index)
        self.categories = categories
        self.title = title

    def value(self, categories_dict, movie_title_dict):
        return [[self.index], [categories_dict[c] for c in self.categories],
                [movie_title_dict[w.lower()] for w in self.title.split()]]

    def __str__(self):
        return "<MovieInfo id(%d), title(%s), categories(%s)>" % (self.index, self.title, self.categories)

    __repr__ = __str__


class UserInfo:
    def __init__(self, index, gender, age, job_id):
        self.index = int(index)
        self.is_male = gender == "M"
        self.age = age_table.index(int(age))
        self.job_id = int(job_id)

    def value(self):
        return [[self.index], [0 if self.is_male else 1], [self.age], [self.job_id]]

    def __str__(self):
        return "<UserInfo id(%d), gender(%s), age(%d), job(%d)>" % (
            self.index, "M" if self.is_male else "F", age_table[self.age], self.job_id)

    __repr__ = __str__


class Movielens(Dataset):
    """The train/test split draws ``np.random.random()`` per rating after ``np.random.seed(rand_seed)``
    (global numpy RNG, as in Paddle). Category / title-word ids enumerate Python sets, so (as in Paddle)
    they depend on the interpreter's string hashing."""

    def __init__(self, data_file=None, mode="train", test_ratio=0.1, rand_seed=0, download=True):
        self.mode = check_mode(mode, ("train", "test"))
        self.data_file = need_file(data_file, URL, MD5, "sentiment", download)
        self.test_ratio = test_ratio
        self.rand_seed = rand_seed
        np.random.seed(rand_seed)
        self._load_meta_info()
        self._load_data()

    def _load_meta_info(self):
        pattern = re.compile(r"^(.*)\((\d+)\)$")
        self.movie_info, self.movie_title_dict, self.categories_dict, self.user_info = {}, {}, {}, {}
        with zipfile.ZipFile(self.data_file) as package:
            title_words, categories = set(), set()
            with package.open("ml-1m/movies.dat") as movie_file:
                for line in movie_file:
                    movie_id, title, cats = line.decode(encoding="latin").strip().split("::")
                    cats = cats.split("|")
                    categories.update(cats)
                    m = pattern.match(title)
                    if m is None:
                        raise ValueError(f"{self.data_file}: movie title without '(year)': {title!r}")
                    title = m.group(1)
                    self.movie_info[int(movie_id)] = MovieInfo(index=movie_id, categories=cats, title=title)
                    title_words.update(w.lower() for w in title.split())
            self.movie_title_dict = {w: i for i, w in enumerate(title_words)}
            self.categories_dict = {c: i for i, c in enumerate(categories)}
            with package.open("ml-1m/users.dat") as user_file:
                for line in user_file:
                    uid, gender, age, job, _ = line.decode(encoding="latin").strip().split("::")
                    self.user_info[int(uid)] = UserInfo(index=uid, gender=gender, age=age, job_id=job)

    def _load_data(self):
        self.data = []
        is_test = self.mode == "test"
        with zipfile.ZipFile(self.data_file) as package, package.open("ml-1m/ratings.dat") as rating:
            for line in rating:
                line = line.decode(encoding="latin")
                if (np.random.random() < self.test_ratio) == is_test:
                    uid, mov_id, score, _ = line.strip().split("::")
                    mov = self.movie_info[int(mov_id)]
                    usr = self.user_info[int(uid)]
                    self.data.append(usr.value() + mov.value(self.categories_dict, self.movie_title_dict)
                                     + [[float(score) * 2 - 5.0]])

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)
